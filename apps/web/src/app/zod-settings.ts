/**
 * The app's CSP allows no eval (docs/decisions/028-security-headers.md). Zod compiles fast object
 * parsers with `new Function` when it may, and its probe for that (refused anyway) is reported as
 * a CSP violation on every page. `jitless` skips both. Set on the global object zod adopts as its
 * settings when it loads (zod/v4/core `globalConfig`), not through `z.config`: importing zod here
 * would pull it into the entry chunk, over the open screens' first-load budget. Must run before
 * any schema is created (schemas decide at creation): main.tsx imports this first.
 * security-headers.e2e.ts fails if a zod update stops reading it.
 */
const settings = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };
