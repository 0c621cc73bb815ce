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
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the browser's copy of them.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            {
              name: "mantine",
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/,
              priority: 2,
            },
            { name: "data", test: /node_modules[\\/](@tanstack|zod)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
});
