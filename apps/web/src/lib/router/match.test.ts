import { describe, expect, it } from "vitest";
import { resolvePath, stripBasename } from "./history.ts";
import { matchRoutes, type RouteObject } from "./match.ts";

// The app's route table in miniature: a root layout, open routes, a signed-in layout with an index
// redirect and parameter routes, and the catch-all (apps/web/src/app/routes.tsx).
const table: RouteObject[] = [
  {
    handle: "root",
    children: [
      { path: "auth/login", handle: "login" },
      { path: "auth", handle: "auth" },
      {
        handle: "signed-in",
        children: [
          { index: true, handle: "home" },
          { path: "projects", handle: "projects" },
          { path: "project/:id", handle: "project" },
          { path: "project/:id/task/:taskId", handle: "task" },
          { path: "users/new", handle: "new user" },
          { path: "users/:id", handle: "user" },
        ],
      },
      { path: "*", handle: "not found" },
    ],
  },
];

const handles = (pathname: string) => matchRoutes(table, pathname)?.map((match) => match.route.handle);
const params = (pathname: string) => matchRoutes(table, pathname)?.at(-1)?.params;

describe("matchRoutes", () => {
  it("answers the layouts from the outside in, then the screen", () => {
    expect(handles("/projects")).toEqual(["root", "signed-in", "projects"]);
    expect(handles("/auth/login")).toEqual(["root", "login"]);
    expect(handles("/")).toEqual(["root", "signed-in", "home"]);
  });

  it("reads parameters, decoded, and ignores case and a trailing slash", () => {
    expect(params("/project/p%201/task/t2")).toEqual({ id: "p 1", taskId: "t2" });
    expect(handles("/Project/abc/")).toEqual(["root", "signed-in", "project"]);
  });

  it("prefers a static segment to a parameter, and anything to the catch-all", () => {
    expect(handles("/users/new")?.at(-1)).toBe("new user");
    expect(handles("/users/42")?.at(-1)).toBe("user");
    expect(handles("/auth")?.at(-1)).toBe("auth");
    expect(handles("/nowhere/at/all")).toEqual(["root", "not found"]);
    expect(params("/nowhere/at/all")).toEqual({ "*": "nowhere/at/all" });
  });

  it("does not match a screen's path as a prefix of a longer one", () => {
    expect(handles("/projects/extra")?.at(-1)).toBe("not found");
    expect(handles("/project/abc/task")?.at(-1)).toBe("not found");
  });

  it("answers null for a table with nothing to draw there", () => {
    expect(matchRoutes([{ path: "only" }], "/other")).toBeNull();
  });
});

describe("paths under the basename", () => {
  it("strips the basename, and leaves what lies outside it", () => {
    expect(stripBasename("/app/projects", "/app")).toBe("/projects");
    expect(stripBasename("/app", "/app")).toBe("/");
    expect(stripBasename("/apple", "/app")).toBeNull();
    expect(stripBasename("/other", "/app")).toBeNull();
  });

  it("resolves absolute, search-only and relative paths", () => {
    expect(resolvePath("/tasks", "/projects")).toBe("/tasks");
    expect(resolvePath("?q=blue", "/tasks")).toBe("/tasks?q=blue");
    expect(resolvePath("team", "/project/1/")).toBe("/project/1/team");
  });
});
