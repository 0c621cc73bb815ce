import type { ProxyOptions } from "vite";

const API_PREFIXES = ["/auth", "/user", "/profile", "/upload", "/serve", "/v3", "/chat", "/api", "/comment"];

/** The dev server sends the API's paths to the API (ATELIER_API_URL, else a local one on port 3000). */
export function apiProxy(
  target = process.env.ATELIER_API_URL ?? "http://localhost:3000",
): Record<string, ProxyOptions> {
  return Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, changeOrigin: true }]));
}
