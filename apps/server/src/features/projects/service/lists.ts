import {
  canSeeAllProjects,
  type contract,
  type EndpointParsed,
  idSchema,
  type ProjectListItem,
  type ProjectNameItem,
} from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { badInput } from "../../../core/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { presentProjectListItem } from "../presenter.ts";
import { listVisibleProjectNames, listVisibleProjects, type ProjectCursor, type ProjectScope } from "../repo/lists.ts";
import { listActiveTeams, type TeamRow } from "../repo/members.ts";

type ListQuery = EndpointParsed<typeof contract.projects.list>["query"];
type NamesQuery = EndpointParsed<typeof contract.projects.listNames>["query"];
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor's id goes into SQL as a uuid; a tampered one is bad input, not a database error. */
function checkedId(id: string): string {
  if (!idSchema.safeParse(id).success) throw badInput({ cursor: "Invalid cursor" });
  return id;
}

function scopeFor(actor: Actor): ProjectScope {
  return canSeeAllProjects(actor) ? { kind: "all" } : { kind: "memberOf", userId: actor.id };
}

function decodeProjectCursor(sort: ListQuery["sort"], cursor: string | undefined): ProjectCursor | null {
  if (sort === "created") {
    const values = decodeCursor(cursor, ["number", "string"] as const);
    if (values && !Number.isFinite(values[0])) throw badInput({ cursor: "Invalid cursor" });
    return values ? { sort, createdAt: new Date(values[0]), id: checkedId(values[1]) } : null;
  }
  const values = decodeCursor(cursor, ["string", "string"] as const);
  return values ? { sort, name: values[0], id: checkedId(values[1]) } : null;
}

/**
 * `GET /v3/project/list`: one keyset page of the projects the actor can see (scoped in SQL),
 * plus one batch query for the page's team avatars — two queries whatever the page size.
 */
export async function listProjects(db: DbOrTx, actor: Actor, query: ListQuery): Promise<Page<ProjectListItem>> {
  const rows = await listVisibleProjects(db, {
    scope: scopeFor(actor),
    state: query.projectState,
    sort: query.sort,
    after: decodeProjectCursor(query.sort, query.cursor),
    limit: query.limit,
  });
  const pageIds = rows.slice(0, query.limit).map((row) => row.id);
  const teams = new Map<string, TeamRow[]>();
  for (const member of await listActiveTeams(db, pageIds)) {
    teams.set(member.projectId, [...(teams.get(member.projectId) ?? []), member]);
  }
  return toPage(
    rows,
    query.limit,
    (row) => presentProjectListItem(actor, row, teams.get(row.id) ?? []),
    (row) => (query.sort === "created" ? [row.createdAt.getTime(), row.id] : [row.sortName, row.id]),
  );
}

/** `GET /v3/project/list-names`: ids and names, A→Z, for pickers. */
export async function listProjectNames(db: DbOrTx, actor: Actor, query: NamesQuery): Promise<Page<ProjectNameItem>> {
  const rows = await listVisibleProjectNames(db, {
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
