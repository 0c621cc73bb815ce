export * from "./billing.ts";
export * from "./events.ts";
export * from "./files.ts";
export * from "./notifications.ts";
export * from "./privacy.ts";
export * from "./projects.ts";
export * from "./tasks.ts";
export * from "./users.ts";
