import { createSession } from "../src/core/sessions/service.ts";
import type { Db } from "../src/db/client.ts";
import { preHash } from "../src/features/setup/index.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import type { RawSql } from "./database.ts";

export interface Actor {
  id: string;
  token: string;
}

export interface Workspace {
  counts: { users: number; projects: number; members: number };
  actors: { admin: Actor; designer: Actor; customer: Actor };
  /** the bench customer's newest live project (they own it) */
  ownedProjectId: string;
}

/**
 * Sizes for BENCH_SCALE = 1. Users are numbered k = 1..users: the admin, then project managers,
 * then designers, then customers. Projects are numbered p = 1..projects, oldest first.
 */
const BASE = { users: 20_000, projects: 50_000 };
const PROJECT_MANAGERS = 5;
const DESIGNER_SHARE = 0.05;

// Deterministic but random-looking v4 UUIDs, so rows can refer to each other by number alone
// (no lookups while seeding) and ids still pass the API's uuid validation.
const idOf = (kind: "u" | "p", n: string) =>
  `overlay(overlay(md5('${kind}' || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Fills the database with a large workspace in a handful of set-based statements. The bench
 * actors are designer 0 (on every 40th project besides their share) and customer 0 (owner of
 * every 500th project, editor of every 250th), so membership scoping has real work to do.
 */
export async function seedWorkspace(db: Db, raw: RawSql, scale: number): Promise<Workspace> {
  const users = Math.max(100, Math.round(BASE.users * scale));
  const projects = Math.max(100, Math.round(BASE.projects * scale));
  const designers = Math.round(users * DESIGNER_SHARE);
  const customers = users - 1 - PROJECT_MANAGERS - designers;
  const firstDesigner = 2 + PROJECT_MANAGERS;
  const firstCustomer = firstDesigner + designers;
  const designer = (d: string) => idOf("u", `${firstDesigner} + ${d}`);
  const customer = (c: string) => idOf("u", `${firstCustomer} + ${c}`);
  const ownerIndex = (p: string) => `(case when ${p} % 500 = 0 then 0 else (${p} * 7919) % ${customers} end)`;
  // A fixed origin, so every statement computes the same created_at for project p.
  const origin = `timestamptz '${new Date().toISOString()}'`;
  const projectCreated = (p: string) => `${origin} - (${projects} - ${p}) * interval '11 minutes 7.123 seconds'`;

  const passwordHash = await hashPassword(preHash("bench-password"));
  await raw.query(
    `insert into users (id, email, name, surname, role, password_hash, hour_rate_cents, created_at)
     select ${idOf("u", "k")}, 'user' || k || '@bench.test',
       (array['Ana','Ben','Chloe','Dmitri','Eva','Farid','Greta','Hugo','Ines','Jonas','Kira','Luca'])[1 + k % 12],
       (array['Silva','Novak','Berg','Costa','Moreau','Weber','Rossi','Santos'])[1 + (k / 12) % 8] || k,
       case when k = 1 then 'admin' when k < ${firstDesigner} then 'projectManager'
            when k < ${firstCustomer} then 'designer' else 'customer' end,
       $1,
       case when k >= ${firstDesigner} and k < ${firstCustomer} then 4000 + (k % 40) * 100 else 0 end,
       ${origin} - (${users} - k) * interval '7 minutes 3.21 seconds'
     from generate_series(1, ${users}) k`,
    [passwordHash],
  );
  await raw.query(
    `insert into projects (id, name, state, owner_id, client_character_notes, task_count, archived_task_count,
       payment_plan, customer_company_name, customer_country, created_at, updated_at, deleted_at)
     select ${idOf("p", "p")},
       (array['Brand','Logo','Website','Packaging','Campaign','Menu','Poster','Catalog'])[1 + p % 8]
         || ' ' || substr(md5('n' || p), 1, 6),
       case when p % 5 = 0 then 'archived' else 'inProgress' end,
       ${customer(ownerIndex("p"))},
       case when p % 3 = 0 then 'Prefers short weekly updates; likes bold colour and clean type.' end,
       p % 40, p % 7,
       (array['none','pro','premium','diamond'])[1 + p % 4],
       'Company ' || ${ownerIndex("p")}, 'PT',
       ${projectCreated("p")}, ${projectCreated("p")},
       case when p % 53 = 0 then ${origin} end
     from generate_series(1, ${projects}) p`,
  );
  // Owner + 0–2 more customers, a designer on 70%, a project manager on 10%, plus the bench actors.
  await raw.query(
    `insert into project_members (project_id, user_id, project_role, active, created_at)
     select ${idOf("p", "p")}, member, role, active, ${projectCreated("p")} + j * interval '1 minute'
     from (
       select p, 0 as j, ${customer(ownerIndex("p"))} as member, 'owner' as role, true as active
         from generate_series(1, ${projects}) p
       union all
       select p, j, ${customer(`(${ownerIndex("p")} + j * 104729) % ${customers}`)},
              case when j = 1 then 'editor' else 'viewer' end, p % 31 <> 0 or j = 1
         from generate_series(1, ${projects}) p, generate_series(1, 2) j where j <= p % 3
       union all
       select p, 3, ${designer(`(p * 31) % ${designers}`)}, 'designer', true
         from generate_series(1, ${projects}) p where p % 10 < 7
       union all
       select p, 4, ${idOf("u", `2 + p % ${PROJECT_MANAGERS}`)}, 'projectManager', true
         from generate_series(1, ${projects}) p where p % 10 = 0
       union all
       select p, 5, ${designer("0")}, 'designer', true from generate_series(1, ${projects}) p where p % 40 = 1
       union all
       select p, 6, ${customer("0")}, 'editor', true from generate_series(1, ${projects}) p where p % 250 = 7
     ) m
     on conflict do nothing`,
  );
  // What autovacuum would do after a bulk load; PGlite has no autovacuum, so the bench does it.
  if (process.env.BENCH_ANALYZE !== "0") await raw.query("vacuum analyze users, projects, project_members");

  const idOfUser = async (k: number) => {
    const [row] = await raw.query(`select ${idOf("u", String(k))}::text as id`);
    return String(row?.id);
  };
  const actor = async (k: number): Promise<Actor> => {
    const id = await idOfUser(k);
    return { id, token: await createSession(db, id) };
  };
  const admin = await actor(1);
  const benchDesigner = await actor(firstDesigner);
  const benchCustomer = await actor(firstCustomer);
  const [owned] = await raw.query(
    `select id::text as id from projects
     where owner_id = $1 and deleted_at is null and state = 'inProgress' order by created_at desc limit 1`,
    [benchCustomer.id],
  );
  const [members] = await raw.query("select count(*)::int as count from project_members");
  return {
    counts: { users, projects, members: Number(members?.count) },
    actors: { admin, designer: benchDesigner, customer: benchCustomer },
    ownedProjectId: String(owned?.id),
  };
}
