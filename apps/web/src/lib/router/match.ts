import type { ComponentType, ReactNode } from "react";

export type Params = Readonly<Partial<Record<string, string>>>;

/** A route of the table: a path (relative to its parent), or an index, or a layout with neither. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  children?: RouteObject[];
  handle?: unknown;
}

export interface RouteMatch {
  route: RouteObject;
  /** the parameters of the whole matched path (":id" → params.id, "*" → params["*"]) */
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  pattern: RegExp;
  names: string[];
  score: number;
  order: number;
}

// React Router's ranking, so the same table picks the same route: static segments outrank
// parameters, which outrank a splat; an index route outranks its layout's other children.
const STATIC = 10;
const DYNAMIC = 3;
const EMPTY = 1;
const INDEX = 2;
const SPLAT = -2;

function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/").filter(Boolean);
  let score = segments.length + (index ? INDEX : 0);
  for (const segment of segments) {
    if (segment === "*") score += SPLAT;
    else if (segment.startsWith(":")) score += DYNAMIC;
    else score += segment === "" ? EMPTY : STATIC;
  }
  return score;
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = "";
  for (const segment of path.split("/").filter(Boolean)) {
    if (segment === "*") {
      names.push("*");
      source += "(?:/(.*))?";
    } else if (segment.startsWith(":")) {
      names.push(segment.slice(1));
      source += "/([^/]+)";
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  // Case-insensitive, and a trailing slash is the same address (as React Router matches).
  return { pattern: new RegExp(`^${source}/*$`, "i"), names };
}

function flatten(routes: RouteObject[], parents: RouteObject[], parentPath: string, branches: Branch[]): void {
  for (const route of routes) {
    const chain = [...parents, route];
    const path = route.path ? `${parentPath}/${route.path}` : parentPath;
    if (route.children?.length) flatten(route.children, chain, path, branches);
    // A layout without a path or index only wraps its children; it is never a screen of its own.
    if (route.path !== undefined || route.index) {
      branches.push({
        routes: chain,
        ...compile(path),
        score: scoreOf(path, route.index === true),
        order: branches.length,
      });
    }
  }
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

function rankedBranches(routes: RouteObject[]): Branch[] {
  let branches = branchesOf.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, [], "", branches);
    branches.sort((a, b) => b.score - a.score || a.order - b.order);
    branchesOf.set(routes, branches);
  }
  return branches;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The routes (outermost first) that draw `pathname`, with its parameters; null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  for (const branch of rankedBranches(routes)) {
    const found = branch.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.names.forEach((name, i) => {
      params[name] = decode(found[i + 1] ?? "");
    });
    return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
