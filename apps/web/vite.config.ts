import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { CHUNK_GROUPS } from "./build/chunk-groups.ts";
import { apiProxy } from "./build/dev-proxy.ts";
import { mantineStylesPerComponent } from "./build/mantine-styles-per-component.ts";
import { mantineThemeStyles } from "./build/mantine-theme-styles.ts";
import { precompressBuild } from "./build/precompress-build.ts";
import { preloadLandingScreen } from "./build/preload-landing-screen.ts";
import { preloadListsWithoutLoadedChunks } from "./build/preload-lists-without-loaded-chunks.ts";

// One file per plugin in build/; build/first-load.mjs is the list of what each landing screen
// loads first, shared with the budget check (scripts/web-first-load.mjs).
const preloadLists = preloadListsWithoutLoadedChunks();

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
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { proxy: apiProxy() },
});
