// What each route of the built web app loads before it can draw, read from Vite's build manifest:
// the entry chunk, the route's lazy screen chunks and everything they import statically, with the
// CSS those chunks carry. Sizes are gzip, as the issue's budgets are (the server sends brotli,
// which is smaller still). Used by the budget check in `npm test` and by `npm run bench:web`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { countedModules } from "../apps/web/build/first-load.mjs";

const root = path.resolve(import.meta.dirname, "..");
export const webDist = path.join(root, "apps/web/dist");

/**
 * The routes measured, the lazy modules each one needs before its first screen is drawn (the build's
 * list of landing screens, apps/web/build/first-load.mjs), and two figures in KB (gzip):
 * - targetKb: issue 13's goal (open auth routes 100, projects list 190, project screen 230);
 * - budgetKb: what `npm test` enforces: the target where it is met, else the size reached when the
 *   route was last trimmed plus a little, so no change can quietly grow it. Lower a budget when a
 *   route shrinks; raising one is a decision for docs/decisions/046-first-load-budgets.md.
 */
export const ROUTES = [
  // 173 → 124 (login, signup) and 139 (reset, invite: they looked their link up through React
  // Query) in the third round; onboard 228 → 230 then. In the fourth round reset and invite went
  // to 126 and onboard to 188 without React Query and zod; see docs/decisions/047-open-screens-first-load.md.
  // Sixth round, the app's own router instead of React Router: 124 → 113, 126 → 116, 188 → 178.
  // Seventh round, the whole route table lazy, Mantine's theme styles built, the shared Mantine
  // pieces and the open screens' helpers in two chunks: all four at the target (100); onboarding too,
  // its company step's fields (country list, Select) lazy, its values in useSimpleForm and its step
  // list drawn without Mantine's Stepper: 178 → 100. Eighth round, after the second-factor code step
  // and the e-mail change link landed (onboard 100.1, invite 99.9): each screen's calls moved into
  // the screen, the helpers into three chunks by who uses them, and preload lists lost the chunks
  // already loaded: login 99.1, signup 98.1, reset 98.9, invite 99.3, onboard 99.4.
  auth("login", "/auth/login", 100),
  auth("signup", "/auth/signup", 100),
  auth("reset", "/auth/reset", 100),
  auth("invite", "/auth/invite", 100),
  auth("onboard", "/onboard", 100),
  {
    name: "projects",
    path: "/projects",
    modules: countedModules("projects"),
    targetKb: 190,
    // 230 → 232 when tasks and privacy landed (their route and dialog registrations); 232 → 233
    // with the hours screens (the header's lazy work-log summary and the ledger section); 233 → 234
    // with the live unread badge and the realtime stream's query invalidation; 234 → 235 with
    // platform announcements (their shared schemas and contract sit in the entry); 235 → 243 in the
    // third round, when the entry lost zod and React Query to the lazy chunks (the same code, in
    // more files, compresses less well); 243 → 244 when admins could withdraw announcements (the
    // shell's live banner drops a withdrawn one); 244 → 198 in the fourth round, when the sort
    // select became the browser's own and the staff menu and avatar tooltips lazy; 198 → 190 (the
    // target) in the sixth round, when the app's own router replaced React Router
    // (docs/decisions/049-own-router.md).
    budgetKb: 190,
  },
  {
    name: "project",
    path: "/project/:id",
    modules: countedModules("project"),
    targetKb: 230,
    // 230 → 231 when designs landed: the board parses tasks whose designerFileList is now typed
    // (the designer-file, comment and pin schemas travel with the task schema); 231 → 232 with the
    // live badge; 232 → 233 with platform announcements; 233 → 241 in the third round (as the
    // projects list); 241 → 207 in the fourth round (as the projects list); 207 → 196 in the sixth
    // round (as the projects list); 196 → 197 in the seventh, when the route table became a chunk of
    // its own (the target, 230, stays far); 197 → 196 in the eighth (194.8: the plan-by-hand rule
    // no longer brings billing's schemas, preload lists leave out loaded chunks); 196 → 198 with
    // issue 29 (196.1: the viewer's own address on the task route, the unseen and live-hours
    // refreshes, the task conversation's entry point; the conversation itself is lazy); 198 → 201
    // with issue 23 (199.8: the board's task schema carries the designer file's new fields, a PDF's
    // preview and page, a video's poster and time, a guest author; their viewers are lazy).
    budgetKb: 201,
  },
];

function auth(name, routePath, budgetKb) {
  return { name, path: routePath, modules: countedModules(name), targetKb: 100, budgetKb };
}

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
  console.log("route       JS (gzip)   budget   target   CSS (gzip)");
  for (const row of rows) {
    const flag = row.over ? "  OVER BUDGET" : row.jsBytes > row.targetKb * 1024 ? "  (above the issue's target)" : "";
    console.log(
      `${row.name.padEnd(10)} ${`${kb(row.jsBytes)} KB`.padStart(10)} ${`${row.budgetKb} KB`.padStart(8)} ${`${row.targetKb} KB`.padStart(8)} ${`${kb(row.cssBytes)} KB`.padStart(12)}${flag}`,
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
