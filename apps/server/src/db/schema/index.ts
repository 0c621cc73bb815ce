export * from "./events.ts";
export * from "./files.ts";
export * from "./projects.ts";
export * from "./users.ts";
export * from "./billing.ts";
