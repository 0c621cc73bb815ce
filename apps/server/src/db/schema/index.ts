export * from "./billing.ts";
export * from "./events.ts";
export * from "./files.ts";
export * from "./projects.ts";
export * from "./users.ts";
