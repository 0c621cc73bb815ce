import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";
import { cssVariablesResolver, theme } from "../src/app/theme.ts";

const THEME_STYLES = "virtual:mantine-theme.css";

/**
 * The theme's CSS variables and Mantine's responsive classes (hiddenFrom, visibleFrom) as a
 * stylesheet written at build time, so the app can use Mantine's context and theme providers
 * without MantineProvider, whose code computes the same styles in every browser on every load
 * (about 3 KB gzip of the first load). They are what MantineProvider itself renders, taken from
 * its server rendering with the app's theme; src/app/providers.tsx gives the context it would give.
 */
export function mantineThemeStyles(): Plugin {
  const resolved = `\0${THEME_STYLES}`;
  return {
    name: "atelier:mantine-theme-styles",
    resolveId(id) {
      return id === THEME_STYLES ? resolved : null;
    },
    load(id) {
      if (id !== resolved) return null;
      const markup = renderToStaticMarkup(
        createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: "light" }),
      );
      const styles = [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]);
      if (styles.length < 2) throw new Error("MantineProvider rendered no theme styles: check mantineThemeStyles");
      return styles.join("\n");
    },
  };
}
