import path from "node:path";
import type { Rollup } from "vite";
import { WEB_ROOT } from "./web-root.ts";

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
  const files = new Set(paths.map((module) => path.resolve(WEB_ROOT, "src", module)));
  return (id) => files.has(id.replace(/\.tsx?$/, ""));
}

/** The bundler's chunk groups (`build.rolldownOptions.output.codeSplitting.groups`). */
export const CHUNK_GROUPS: Rollup.CodeSplittingGroup[] = [
  // React and the router are loaded whole by every screen: one long-lived chunk, so app
  // releases do not invalidate the browser's copy. Every other library is split by the
  // bundler along the routes that use it (a Mantine or data group would put all of it in
  // the first load: see docs/decisions/048-signed-in-screens-first-load.md).
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
  // (src/app/routes.tsx) and the screens both import: one chunk beside the table, not one per
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
];
