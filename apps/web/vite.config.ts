import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { MantineProvider } from "@mantine/core";
import react from "@vitejs/plugin-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn, type Rollup } from "vite";
import { cssVariablesResolver, theme } from "./src/app/theme.ts";

const API_PREFIXES = ["/auth", "/user", "/profile", "/upload", "/serve", "/v3", "/chat", "/api", "/comment"];
const apiTarget = process.env.ATELIER_API_URL ?? "http://localhost:3000";

const QUERIES = "src/app/query-provider.tsx";
// The whole route table is lazy (app/open-routes.tsx): every signed-in screen needs it first.
const SIGNED_IN = [
  "src/app/routes.tsx",
  "src/app/signed-in-layout.tsx",
  QUERIES,
  "src/features/shell/shell-layout.tsx",
];
const SIGN_IN = ["src/features/auth/login-screen.tsx"];

/**
 * The open screens' helpers, by path under src without the extension, in three chunks by who uses
 * them. `forms`: what every open screen uses (the form helpers, the layout, finishing a sign-in,
 * the loader of the calls). Each screen's own calls travel with the screen (use-*-calls.ts), and
 * the billing values with onboarding and the billing dialogs.
 */
const OPEN_SCREEN_HELPERS = [
  "ui/form/form-alert",
  "ui/form/lazy-schema",
  "ui/form/use-simple-form",
  "ui/form/schema-errors",
  "ui/form/password-fields",
  "lib/use-call",
  "features/auth/auth-layout",
  "features/auth/use-finish-sign-in",
  "features/auth/load-auth-calls",
];

/** `sign-in`: login's and signup's calls and their redirect when a session is stored. */
const SIGN_IN_HELPERS = ["features/auth/redirect-signed-in", "features/auth/use-sign-in-calls"];

/**
 * `links`: the screens opened from a mailed link (reset, invite, e-mail change, setup) check it and
 * show its state; the code step is theirs and login's.
 */
const LINK_HELPERS = ["lib/use-lookup", "features/auth/link-states", "features/auth/code-step"];

/** A chunk group's test for the app's own modules at these paths (under src, without extension). */
function appModules(paths: readonly string[]): (id: string) => boolean {
  const files = new Set(paths.map((module) => path.resolve(import.meta.dirname, "src", module)));
  return (id) => files.has(id.replace(/\.tsx?$/, ""));
}

/**
 * The screens people land on from a link (e-mails, bookmarks), by path under /app, with the lazy
 * modules each draws first. `signedIn` screens preload the login screen instead when no session
 * is stored, as that is where they send the visitor.
 */
const LANDING_SCREENS: { path: RegExp; modules: string[]; signedIn?: boolean }[] = [
  { path: /^\/auth\/login\/?$/, modules: SIGN_IN },
  { path: /^\/auth\/signup\/?$/, modules: ["src/features/auth/signup-screen.tsx"] },
  { path: /^\/auth\/reset\/?$/, modules: ["src/features/auth/reset-screen.tsx", QUERIES] },
  { path: /^\/auth\/invite\/?$/, modules: ["src/features/auth/invite-screen.tsx", QUERIES] },
  { path: /^\/onboard\/?$/, modules: ["src/features/auth/onboard-screen.tsx", QUERIES] },
  { path: /^\/(projects\/?)?$/, modules: [...SIGNED_IN, "src/features/projects/projects-screen.tsx"], signedIn: true },
  {
    path: /^\/project\/[^/]+(\/.*)?$/,
    // The project screen shows its task board as soon as the project is there.
    modules: [
      ...SIGNED_IN,
      "src/features/projects/project-screen.tsx",
      "src/features/tasks/project-task-area.tsx",
      "src/features/tasks/task-board.tsx",
    ],
    signedIn: true,
  },
  // Where staff and designers land after login (SPEC §2).
  { path: /^\/tasks\/?$/, modules: [...SIGNED_IN, "src/features/tasks/tasks-screen.tsx"], signedIn: true },
  { path: /^\/schedule\/?$/, modules: [...SIGNED_IN, "src/features/schedule/schedule-screen.tsx"], signedIn: true },
];

/**
 * Lazy routes keep each screen's code out of the others' first load, but the browser would only
 * ask for a screen's chunks once the entry has run. This inline script asks for them (and their
 * CSS) right away, in parallel with the entry, for the screen in the address bar.
 */
function preloadLandingScreen(): Plugin {
  return {
    name: "atelier:preload-landing-screen",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
        const entry = chunks.find((chunk) => chunk.isEntry);
        const inEntry = new Set<string>();
        const collect = (fileName: string, into: Set<string>) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk" || into.has(fileName) || inEntry.has(fileName)) return;
          into.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) collect(imported, into);
        };
        if (entry) collect(entry.fileName, inEntry);
        const filesOf = (modules: string[]) => {
          const files = new Set<string>();
          for (const module of modules) {
            const id = path.resolve(import.meta.dirname, module);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
            if (!chunk) throw new Error(`${module} is not a lazy chunk of its own: fix LANDING_SCREENS`);
            collect(chunk.fileName, files);
          }
          return [...files];
        };
        const table = LANDING_SCREENS.map((screen) => [
          screen.path.source,
          filesOf(screen.modules),
          screen.signedIn ? filesOf(SIGN_IN) : null,
        ]);
        const script = `(function(){var t=${JSON.stringify(table)},p=location.pathname.replace(/^\\/app/,""),s=null;try{s=localStorage.getItem("atelier.token")}catch(e){}if(!s)s=/(^|; )atelier_token=/.test(document.cookie);for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;var f=t[i][2]&&!s?t[i][2]:t[i][1];for(var j=0;j<f.length;j++){var l=document.createElement("link");l.rel=/\\.css$/.test(f[j])?"stylesheet":"modulepreload";l.href="/app/"+f[j];document.head.appendChild(l)}break}})()`;
        return [{ tag: "script", children: script, injectTo: "head" }];
      },
    },
  };
}

/**
 * Mantine per component, CSS included: each component's styles (`@mantine/core/styles/X.css`)
 * are imported by the module holding its class names, so they travel with the chunks that draw
 * the component instead of all of Mantine's CSS blocking the first paint of every screen.
 * app/providers.tsx imports only the base layers (baseline, variables, global).
 */
function mantineStylesPerComponent(): Plugin {
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

const THEME_STYLES = "virtual:mantine-theme.css";

/**
 * The theme's CSS variables and Mantine's responsive classes (hiddenFrom, visibleFrom) as a
 * stylesheet written at build time, so the app can use Mantine's context and theme providers
 * without MantineProvider, whose code computes the same styles in every browser on every load
 * (about 3 KB gzip of the first load). They are what MantineProvider itself renders, taken from
 * its server rendering with the app's theme; app/providers.tsx gives the context it would give.
 */
function mantineThemeStyles(): Plugin {
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

/**
 * A dynamic import's preload list (`__vite__mapDeps`) names every chunk the imported one needs,
 * with those the importing chunk already has through its own static imports (the entry, React,
 * the shared Mantine pieces): by the time the import runs they are loaded, so naming them again
 * does nothing in the browser, yet their names ship in every first load (about 1 KB of the
 * project screen's). The list keeps the rest; Vite still adds the CSS files.
 */
function preloadListsWithoutLoadedChunks(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let bundle: Rollup.OutputBundle | undefined;
  const loadedWith = new Map<string, Set<string>>();
  const staticClosure = (fileName: string): Set<string> => {
    let closure = loadedWith.get(fileName);
    if (closure) return closure;
    closure = new Set();
    const pending = [fileName];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const chunk = bundle?.[next];
      if (chunk?.type !== "chunk" || closure.has(next)) continue;
      closure.add(next);
      pending.push(...chunk.imports);
    }
    loadedWith.set(fileName, closure);
    return closure;
  };
  return {
    plugin: {
      name: "atelier:preload-lists-without-loaded-chunks",
      apply: "build",
      // Before Vite's own generateBundle writes the lists, which calls resolveDependencies.
      generateBundle: {
        order: "pre",
        handler(_options, output) {
          bundle = output;
          loadedWith.clear();
        },
      },
    },
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== "js" || !bundle) return deps;
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}

const preloadLists = preloadListsWithoutLoadedChunks();

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Brotli (at its best, quality 11) and gzip copies of every text file of the build, next to it
 * (`x.js.br`, `x.js.gz`): the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing each file on every request, which kept a page load of a hundred chunks
 * waiting on the server's CPU. Files the build does not know (a stored file) are still
 * compressed on the fly, at a quicker level.
 */
function precompressBuild(): Plugin {
  let outDir = "";
  return {
    name: "atelier:precompress-build",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite"),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  base: "/app/",
  plugins: [
    react(),
    mantineStylesPerComponent(),
    mantineThemeStyles(),
    preloadLandingScreen(),
    preloadLists.plugin,
    precompressBuild(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: true,
    manifest: true,
    // Every browser the app supports knows modulepreload; the polyfill was 0.5 KB of every first load.
    modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
    rolldownOptions: {
      output: {
        // React and the router are loaded whole by every screen: one long-lived chunk, so app
        // releases do not invalidate the browser's copy. Every other library is split by the
        // bundler along the routes that use it (a Mantine or data group would put all of it in
        // the first load: see docs/decisions/048-signed-in-screens-first-load.md).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // What the entry imports statically loads on every screen anyway: one chunk and one
            // stylesheet for it, not a dozen small requests.
            { name: "app", tags: ["$initial"], priority: 1 },
            // What the open screens share besides Mantine, in three chunks rather than a dozen small
            // ones, and rather than one: with one, each open screen loaded every other one's
            // helpers, and onboarding went over its 100 KB. A signed-in dialog that uses the form
            // helpers loads the rest of `forms` with them (about 1 KB, once).
            {
              name: "forms",
              test: appModules(OPEN_SCREEN_HELPERS),
              priority: 0,
              includeDependenciesRecursively: false,
            },
            {
              name: "sign-in",
              test: appModules(SIGN_IN_HELPERS),
              priority: 0,
              includeDependenciesRecursively: false,
            },
            {
              name: "links",
              test: appModules(LINK_HELPERS),
              priority: 0,
              includeDependenciesRecursively: false,
            },
            // The signed-in features' route and dialog registrations, which the lazy route table
            // (app/routes.tsx) and the screens both import: one chunk beside the table, not one per
            // feature. The dependencies of these groups stay where the bundler puts them, or the
            // entry's shared modules would be pulled in and every open screen would load them.
            {
              name: "routes",
              test: /src[\\/]features[\\/](?!auth[\\/])[a-z-]+[\\/](index|routes)\.tsx?$/,
              priority: 0,
              includeDependenciesRecursively: false,
            },
            // The form and layout pieces of Mantine that the open screens and nearly every other
            // screen draw (inputs, groups, papers, links, the close and action icons) and the API
            // error type: one chunk, loaded with the entry's, instead of a dozen requests under 1 KB
            // each (4 KB less for login).
            {
              name: "app",
              test: /@mantine[\\/](core|hooks)[\\/]esm[\\/](components[\\/](Input|InputBase|TextInput|PasswordInput|Group|Paper|CloseButton|ActionIcon|Anchor)[\\/]|core[\\/]styles-api[\\/]use-resolved-styles-api|use-id|use-uncontrolled|utils[\\/]random-id)|src[\\/]lib[\\/]api-error\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
});
