export * from "./files.ts";
export * from "./projects.ts";
export * from "./users.ts";
