import type { Workspace } from "./seed.ts";

/** One call under load: a GET as one actor. */
export interface Scenario {
  name: string;
  path: string;
  token: string;
}

interface Page {
  items: unknown[];
  nextCursor: string | null;
}

// Deep pages are found by walking the list itself (100 rows a page), so the cursors are the
// API's own; "deep" is halfway through what the walk saw, at most this many pages in.
const WALK_PAGES = 200;

export async function buildScenarios(baseUrl: string, workspace: Workspace): Promise<Scenario[]> {
  const { admin, designer, customer } = workspace.actors;
  const scenarios: Scenario[] = [];
  const addList = async (label: string, path: string, token: string) => {
    scenarios.push({ name: `${label} p1`, path, token });
    const cursor = await cursorHalfway(baseUrl, path, token);
    if (cursor) scenarios.push({ name: `${label} deep`, path: withCursor(path, cursor), token });
  };
  await addList("project/list admin", "/v3/project/list", admin.token);
  await addList("project/list designer", "/v3/project/list", designer.token);
  await addList("project/list customer", "/v3/project/list", customer.token);
  scenarios.push({
    name: "project/get owner",
    path: `/v3/project/get/${workspace.ownedProjectId}`,
    token: customer.token,
  });
  await addList("user/list admin", "/user/list", admin.token);
  scenarios.push({ name: "auth/info customer", path: "/auth/info", token: customer.token });
  return scenarios;
}

/** GET with the actor's token; throws unless it answers 200 with JSON. */
export async function getJson(baseUrl: string, path: string, token: string): Promise<unknown> {
  const response = await fetch(new URL(path, baseUrl), { headers: { "auth-token": token } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body);
}

async function cursorHalfway(baseUrl: string, path: string, token: string): Promise<string | null> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const url = withCursor(`${path}${path.includes("?") ? "&" : "?"}limit=100`, cursor);
    cursor = ((await getJson(baseUrl, url, token)) as Page).nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor && cursors.length < WALK_PAGES);
  return cursors[Math.floor(cursors.length / 2)] ?? null;
}

function withCursor(path: string, cursor: string | null): string {
  if (!cursor) return path;
  return `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}
