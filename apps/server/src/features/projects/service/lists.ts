import {
  canSeeAllProjects,
  type contract,
  type EndpointParsed,
  type ProjectListItem,
  type ProjectNameItem,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { presentProjectListItem } from "../presenter.ts";
import { listVisibleProjectNames, listVisibleProjects, type ProjectCursor, type ProjectScope } from "../repo/lists.ts";
import { listActiveTeams, type TeamRow } from "../repo/members.ts";

type ListQuery = EndpointParsed<typeof contract.projects.list>["query"];
type NamesQuery = EndpointParsed<typeof contract.projects.listNames>["query"];
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

function scopeFor(actor: Actor): ProjectScope {
  return canSeeAllProjects(actor) ? { kind: "all" } : { kind: "memberOf", userId: actor.id };
}

function decodeProjectCursor(sort: ListQuery["sort"], cursor: string | undefined): ProjectCursor | null {
  if (sort === "created") {
    const values = decodeCursor(cursor, ["timestamp", "id"] as const);
    return values ? { sort, createdAtKey: values[0], id: values[1] } : null;
  }
  const values = decodeCursor(cursor, ["string", "id"] as const);
  return values ? { sort, name: values[0], id: values[1] } : null;
}

/**
 * `GET /v3/project/list`: one keyset page of the projects the actor can see (scoped in SQL),
 * plus one batch query for the page's team avatars — two queries whatever the page size.
 */
export async function listProjects(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Page<ProjectListItem>> {
  const rows = await listVisibleProjects(ctx.db, {
    scope: scopeFor(actor),
    state: query.projectState,
    sort: query.sort,
    after: decodeProjectCursor(query.sort, query.cursor),
    limit: query.limit,
  });
  const pageIds = rows.slice(0, query.limit).map((row) => row.id);
  const teams = new Map<string, TeamRow[]>();
  for (const member of await listActiveTeams(ctx.db, pageIds)) {
    teams.set(member.projectId, [...(teams.get(member.projectId) ?? []), member]);
  }
  return toPage(
    rows,
    query.limit,
    (row) => presentProjectListItem(actor, row, teams.get(row.id) ?? []),
    (row) => (query.sort === "created" ? [row.createdAtKey, row.id] : [row.sortName, row.id]),
  );
}

/** `GET /v3/project/list-names`: ids and names, A→Z, for pickers. */
export async function listProjectNames(
  ctx: AppContext,
  actor: Actor,
  query: NamesQuery,
): Promise<Page<ProjectNameItem>> {
  const rows = await listVisibleProjectNames(ctx.db, {
    scope: scopeFor(actor),
    after: decodeProjectCursor("name", query.cursor),
    limit: query.limit,
  });
  return toPage(
    rows,
    query.limit,
    (row) => ({ id: row.id, name: row.name, state: row.state }),
    (row) => [row.sortName, row.id],
  );
}
