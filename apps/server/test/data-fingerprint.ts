import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { TestApp } from "./test-app.ts";

/**
 * Watches everything a request could change: the rows of every table and the files under the data
 * directory (stored uploads, mails, exports). `changes()` names what differs from the last time it
 * was asked (or from the start).
 *
 * Cheap first: PostgreSQL gives every transaction that writes a transaction id, so while the next
 * id to be handed out stays the same and the files are the same, nothing was written. Only when
 * it moved does it take the full picture (per table, the row count and a digest of its rows, in
 * one statement) and compare. A write that was rolled back, or one in another database of the same
 * server, costs a picture but reports nothing. `ignore` names columns that move without any
 * change of data (`sessions.last_seen_at`).
 */
export interface DataWatch {
  changes(): Promise<string[]>;
}

export async function watchData(t: TestApp, ignore: ReadonlyArray<string>): Promise<DataWatch> {
  const picture = await dataPicture(t, ignore);
  const nextTransaction = async () => {
    const { rows } = await t.database.execute("select pg_snapshot_xmax(pg_current_snapshot())::text as next");
    return String((rows[0] as { next: string } | undefined)?.next);
  };
  let seen = { picture: await picture.take(), transaction: await nextTransaction() };
  return {
    async changes() {
      const transaction = await nextTransaction();
      if (transaction === seen.transaction) {
        const files = await filesUnder(t.config.dataDir);
        if (files.every(([file, size]) => seen.picture.get(`file ${file}`) === String(size))) {
          if (files.length === [...seen.picture.keys()].filter((name) => name.startsWith("file ")).length) return [];
        }
      }
      const now = await picture.take();
      const changed = changedParts(seen.picture, now);
      seen = { picture: now, transaction: await nextTransaction() };
      return changed;
    },
  };
}

interface DataPicture {
  take(): Promise<Map<string, string>>;
}

async function dataPicture(t: TestApp, ignore: ReadonlyArray<string>): Promise<DataPicture> {
  const { rows } = await t.database.execute(
    `select c.table_schema as "schema", c.table_name as "table", c.column_name as "column"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      order by c.table_schema, c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows as Array<{ schema: string; table: string; column: string }>) {
    const name = `${quote(row.schema)}.${quote(row.table)}`;
    const columns = tables.get(name) ?? [];
    if (!ignore.includes(`${row.table}.${row.column}`)) columns.push(quote(row.column));
    tables.set(name, columns);
  }
  const statement = [...tables]
    .map(([name, columns]) => {
      const rowText = columns.length > 0 ? `row(${columns.map((column) => `x.${column}`).join(", ")})::text` : "''";
      return `select '${name.replaceAll("'", "''")}' as name,
        count(*)::text || ':' || coalesce(md5(string_agg(${rowText}, '|' order by ${rowText})), '') as print
        from ${name} x`;
    })
    .join("\nunion all\n");

  return {
    async take() {
      const picture = new Map<string, string>();
      const result = await t.database.execute(statement);
      for (const row of result.rows as Array<{ name: string; print: string }>) picture.set(row.name, row.print);
      for (const [file, size] of await filesUnder(t.config.dataDir)) picture.set(`file ${file}`, String(size));
      return picture;
    },
  };
}

/** The names of what differs between two pictures. */
function changedParts(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function filesUnder(dir: string): Promise<Array<[string, number]>> {
  const found: Array<[string, number]> = [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push([path.relative(dir, full), (await stat(full)).size]);
  }
  return found;
}
