// The one list of what each landing screen loads first, read by the build (index.html's preload
// table, preload-landing-screen.ts) and by the first-load budget check (scripts/web-first-load.mjs).
// Plain JavaScript: the check runs on Node without a TypeScript step.

/**
 * @typedef {object} LandingScreen
 * @property {string} name the route's name in the budget check
 * @property {RegExp} pattern its paths under /app
 * @property {readonly string[]} modules the lazy modules it draws first, by source path under apps/web
 *   (the build manifest's keys), in the order the preload table lists their files
 * @property {readonly string[]} [uncounted] those of `modules` that are preloaded but not counted in
 *   the route's first-load budget
 * @property {boolean} [signedIn] preload the login screen instead when no session is stored, as
 *   that is where the screen sends the visitor
 */

// The query client (React Query) loads with the first screen that needs it; the open auth screens
// draw without it (src/app/queries-gate.tsx).
export const QUERIES = "src/app/query-provider.tsx";

// The whole route table is lazy (src/app/open-routes.tsx): every signed-in screen needs it first, with
// the session check and role gate, the query client and the shell.
export const SIGNED_IN = [
  "src/app/routes.tsx",
  "src/app/signed-in-layout.tsx",
  QUERIES,
  "src/features/shell/shell-layout.tsx",
];

export const SIGN_IN = ["src/features/auth/login-screen.tsx"];

/** The screens people land on from a link (e-mails, bookmarks). @type {readonly LandingScreen[]} */
export const LANDING_SCREENS = [
  { name: "login", pattern: /^\/auth\/login\/?$/, modules: SIGN_IN },
  { name: "signup", pattern: /^\/auth\/signup\/?$/, modules: ["src/features/auth/signup-screen.tsx"] },
  // The link screens fetch the query client beside their own code but draw without it.
  {
    name: "reset",
    pattern: /^\/auth\/reset\/?$/,
    modules: ["src/features/auth/reset-screen.tsx", QUERIES],
    uncounted: [QUERIES],
  },
  {
    name: "invite",
    pattern: /^\/auth\/invite\/?$/,
    modules: ["src/features/auth/invite-screen.tsx", QUERIES],
    uncounted: [QUERIES],
  },
  // The first step of onboarding is the billing form's screen: it carries the country list.
  {
    name: "onboard",
    pattern: /^\/onboard\/?$/,
    modules: ["src/features/auth/onboard-screen.tsx", QUERIES],
    uncounted: [QUERIES],
  },
  {
    name: "projects",
    pattern: /^\/(projects\/?)?$/,
    modules: [...SIGNED_IN, "src/features/projects/projects-screen.tsx"],
    signedIn: true,
  },
  {
    name: "project",
    pattern: /^\/project\/[^/]+(\/.*)?$/,
    // The project screen shows its task board as soon as the project is there. The budget has not
    // counted the task area, the board's lazy frame, since it was split off (about 1 KB).
    modules: [
      ...SIGNED_IN,
      "src/features/projects/project-screen.tsx",
      "src/features/tasks/project-task-area.tsx",
      "src/features/tasks/task-board.tsx",
    ],
    uncounted: ["src/features/tasks/project-task-area.tsx"],
    signedIn: true,
  },
  // Where staff and designers land after login (SPEC §2).
  {
    name: "tasks",
    pattern: /^\/tasks\/?$/,
    modules: [...SIGNED_IN, "src/features/tasks/tasks-screen.tsx"],
    signedIn: true,
  },
  {
    name: "schedule",
    pattern: /^\/schedule\/?$/,
    modules: [...SIGNED_IN, "src/features/schedule/schedule-screen.tsx"],
    signedIn: true,
  },
];

/**
 * The modules a landing screen's first-load budget counts.
 * @param {string} name
 * @returns {string[]}
 */
export function countedModules(name) {
  const screen = LANDING_SCREENS.find((candidate) => candidate.name === name);
  if (!screen) throw new Error(`No landing screen named ${name} in apps/web/build/first-load.mjs`);
  const uncounted = new Set(screen.uncounted ?? []);
  return screen.modules.filter((module) => !uncounted.has(module));
}
