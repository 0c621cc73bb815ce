import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API_PREFIXES = ["/auth", "/user", "/profile", "/upload", "/serve", "/v3", "/chat", "/api", "/comment"];
const apiTarget = process.env.ATELIER_API_URL ?? "http://localhost:3000";

export default defineConfig({
  base: "/app/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // Rolldown would otherwise move modules shared by several lazy screens into the entry chunk
      // (it already "depends" on them through its dynamic imports), and every route would load them.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // React and the router are loaded whole by every screen: one long-lived chunk, so app
        // releases do not invalidate the browser's copy. Every other library is split by the
        // bundler along the routes that use it (a Mantine or data group would put all of it in
        // the first load: see docs/decisions.md, First load).
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
});
