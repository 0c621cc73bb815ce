import type { Plugin } from "vite";

/**
 * Mantine per component, CSS included: each component's styles (`@mantine/core/styles/X.css`)
 * are imported by the module holding its class names, so they travel with the chunks that draw
 * the component instead of all of Mantine's CSS blocking the first paint of every screen.
 * src/app/providers.tsx imports only the base layers (baseline, variables, global).
 */
export function mantineStylesPerComponent(): Plugin {
  const classesModule = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  let devServer = false;
  return {
    name: "atelier:mantine-styles-per-component",
    configResolved(config) {
      devServer = config.command === "serve";
    },
    transform(code, id) {
      // The dev server pre-bundles Mantine, so its modules never pass here: it gets the whole
      // stylesheet with the providers instead.
      if (devServer) {
        return id.endsWith("/src/app/providers.tsx")
          ? { code: `import "@mantine/core/styles.css";\n${code}`, map: null }
          : null;
      }
      const match = classesModule.exec(id);
      if (!match) return null;
      return { code: `import "@mantine/core/styles/${match[1]}.css";\n${code}`, map: null };
    },
  };
}
