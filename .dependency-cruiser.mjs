/** Import cycles, type-only imports included (swc keeps them), fail `npm run lint`: decision 031. */
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
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};
