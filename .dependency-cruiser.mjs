/** Import cycles, type-only imports included, fail `npm run lint` (scripts/check-cycles.mjs): decision 031. */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules form a hierarchy: a cycle (even through types alone) means a piece belongs elsewhere.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 5's parser (scripts/typescript-5-hook.mjs): it reads .tsx, and keeps type-only imports.
    parser: "tsc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};
