// What each route of the built web app loads before it can draw, read from Vite's build manifest:
// the entry chunk, the route's lazy screen chunks and everything they import statically, with the
// CSS those chunks carry. Sizes are gzip, as the issue's budgets are (the server sends brotli,
// which is smaller still). Used by the budget check in `npm test` and by `npm run bench:web`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
export const webDist = path.join(root, "apps/web/dist");

const AUTH_BUDGET_KB = 100;
const SHELL = "src/features/shell/shell-layout.tsx";

/**
 * The routes measured, the lazy modules each one needs before its first screen is drawn (keys of
 * the manifest: source paths under apps/web), and its JavaScript budget in KB (gzip).
 * A signed-in route also needs the shell around it.
 */
export const ROUTES = [
  { name: "login", path: "/auth/login", modules: ["src/features/auth/login-screen.tsx"], budgetKb: AUTH_BUDGET_KB },
  { name: "signup", path: "/auth/signup", modules: ["src/features/auth/signup-screen.tsx"], budgetKb: AUTH_BUDGET_KB },
  { name: "reset", path: "/auth/reset", modules: ["src/features/auth/reset-screen.tsx"], budgetKb: AUTH_BUDGET_KB },
  { name: "invite", path: "/auth/invite", modules: ["src/features/auth/invite-screen.tsx"], budgetKb: AUTH_BUDGET_KB },
  { name: "onboard", path: "/onboard", modules: ["src/features/auth/onboard-screen.tsx"], budgetKb: AUTH_BUDGET_KB },
  {
    name: "projects",
    path: "/projects",
    modules: [SHELL, "src/features/projects/projects-screen.tsx"],
    budgetKb: 190,
  },
  {
    name: "project",
    path: "/project/:id",
    modules: [SHELL, "src/features/projects/project-screen.tsx"],
    budgetKb: 230,
  },
];

export function readManifest(dist = webDist) {
  const file = path.join(dist, ".vite/manifest.json");
  if (!existsSync(file)) throw new Error(`No build manifest at ${file}: build the web app first (npm run build).`);
  return JSON.parse(readFileSync(file, "utf8"));
}

const gzipSizes = new Map();
function gzipSize(dist, file) {
  const full = path.join(dist, file);
  if (!gzipSizes.has(full)) gzipSizes.set(full, gzipSync(readFileSync(full), { level: 9 }).length);
  return gzipSizes.get(full);
}

/** The JS and CSS files (and their gzip bytes) the entry plus `modules` load before drawing. */
export function firstLoad(manifest, modules, dist = webDist) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("The build manifest has no entry chunk.");
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`${key} is not a chunk of its own in the build: is it still loaded lazily?`);
    }
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const key of modules) visit(key);
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(dist, file), 0);
  return { jsBytes: sum(js), cssBytes: sum(css), jsFiles: [...js], cssFiles: [...css] };
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** One line per route: first-load JS and CSS against the budget; `over` lists routes past it. */
export function measureRoutes(dist = webDist) {
  const manifest = readManifest(dist);
  return ROUTES.map((route) => {
    const load = firstLoad(manifest, route.modules, dist);
    return { ...route, ...load, over: load.jsBytes > route.budgetKb * 1024 };
  });
}

export function printRoutes(rows) {
  console.log("route       JS (gzip)   budget   CSS (gzip)");
  for (const row of rows) {
    const flag = row.over ? "  OVER BUDGET" : "";
    console.log(
      `${row.name.padEnd(10)} ${`${kb(row.jsBytes)} KB`.padStart(10)} ${`${row.budgetKb} KB`.padStart(8)} ${`${kb(row.cssBytes)} KB`.padStart(11)}${flag}`,
    );
  }
}

// `node scripts/web-first-load.mjs`: print the table for the current build and fail past a budget.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureRoutes();
  printRoutes(rows);
  const over = rows.filter((row) => row.over);
  if (over.length > 0) {
    console.error(`\nFirst-load JavaScript over budget: ${over.map((row) => row.name).join(", ")}`);
    process.exit(1);
  }
}
