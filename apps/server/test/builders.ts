import {
  type CreateTaskInput,
  contract,
  type InviteRole,
  type Project,
  type RateCurrency,
  type Role,
  type Task,
} from "@atelier/shared";
import { createSession } from "../src/core/sessions/service.ts";
import { preHash } from "../src/features/setup/index.ts";
import { createAccount, type UserRow } from "../src/features/users/index.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import type { ApiResponse } from "./api-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * Builders for every feature's API tests. Users are written straight to the database (a signed-in
 * user is the starting point of most tests, not what they test); everything else goes through the
 * real calls, so a builder cannot make what the API would refuse. One section per feature.
 */

// ── the usual world ──────────────────────────────────────────────────────────────────────────

/** What most API test files start from: a fresh app, one user of each kind, and a project with them on its team. */
export interface TeamWorld {
  t: TestApp;
  cast: Cast;
  project: Project;
}

export async function buildTeamWorld(env: Record<string, string> = {}): Promise<TeamWorld> {
  const t = await createTestApp(env);
  const cast = await buildCast(t);
  return { t, cast, project: await buildTeamProject(t, cast) };
}

// ── users ────────────────────────────────────────────────────────────────────────────────────

export interface BuiltUserInput {
  role: Role;
  email: string;
  name: string;
  surname: string;
  password: string;
  hourRateCents: number;
}

export interface BuiltUser {
  user: UserRow;
  token: string;
  /** the plain password; send `preHash(password)` as the browser would */
  password: string;
}

let counter = 0;

/** A user with a session; a customer unless told otherwise, unique e-mail and names. */
export async function buildUser(t: TestApp, overrides: Partial<BuiltUserInput> = {}): Promise<BuiltUser> {
  counter += 1;
  const role = overrides.role ?? "customer";
  const password = overrides.password ?? `password-${counter}`;
  const user = await createAccount(t.ctx.db, {
    role,
    email: overrides.email ?? `${role.toLowerCase()}-${counter}-${Date.now()}@example.test`,
    name: overrides.name ?? `Name${counter}`,
    surname: overrides.surname ?? `Surname${counter}`,
    passwordHash: await hashPassword(preHash(password)),
    hourRateCents: overrides.hourRateCents ?? 0,
  });
  return { user, token: await createSession(t.ctx.db, user.id), password };
}

/**
 * `POST /auth/login` answers a session, or a challenge when two-factor sign-in is on. Most tests
 * expect the session: this narrows to it, and fails the test naming the challenge otherwise.
 */
export function signedIn<Answer extends object>(answer: Answer): Extract<Answer, { token: string }> {
  if (!("token" in answer)) throw new Error(`Expected a session, but sign-in answered ${JSON.stringify(answer)}`);
  return answer as Extract<Answer, { token: string }>;
}

/** The challenge of a sign-in that asks for the second factor; fails the test when it answered a session. */
export function challenged<Answer extends object>(answer: Answer): Extract<Answer, { challenge: string }> {
  if (!("challenge" in answer)) throw new Error(`Expected a second-factor challenge, but sign-in answered a session`);
  return answer as Extract<Answer, { challenge: string }>;
}

/** One user per platform role and per project role the permission rules tell apart. */
export interface Cast {
  admin: BuiltUser;
  projectManager: BuiltUser;
  designerOnTeam: BuiltUser;
  designerOffTeam: BuiltUser;
  owner: BuiltUser;
  editor: BuiltUser;
  viewer: BuiltUser;
  otherCustomer: BuiltUser;
}

export type CastMember = keyof Cast;

/** The columns of every permission table (DESIGN §5), in this order. */
export const TABLE_ACTORS: CastMember[] = [
  "admin",
  "projectManager",
  "designerOnTeam",
  "designerOffTeam",
  "owner",
  "editor",
  "viewer",
  "otherCustomer",
];

/**
 * One row of a permission table: the statuses in TABLE_ACTORS order (admin, projectManager,
 * designerOnTeam, designerOffTeam, owner, editor, viewer, otherCustomer).
 */
export function statusesByActor(...codes: number[]): Record<CastMember, number> {
  if (codes.length !== TABLE_ACTORS.length) throw new Error(`a row needs ${TABLE_ACTORS.length} statuses`);
  return Object.fromEntries(TABLE_ACTORS.map((actor, index) => [actor, codes[index]])) as Record<CastMember, number>;
}

export async function buildCast(t: TestApp): Promise<Cast> {
  return {
    admin: await buildUser(t, { role: "admin", name: "Ada", surname: "Admin" }),
    projectManager: await buildUser(t, { role: "projectManager", name: "Pat", surname: "Manager" }),
    designerOnTeam: await buildUser(t, { role: "designer", name: "Dana", surname: "Designer" }),
    designerOffTeam: await buildUser(t, { role: "designer", name: "Otto", surname: "Outsider" }),
    owner: await buildUser(t, { role: "customer", name: "Olivia", surname: "Owner" }),
    editor: await buildUser(t, { role: "customer", name: "Eddie", surname: "Editor" }),
    viewer: await buildUser(t, { role: "customer", name: "Vera", surname: "Viewer" }),
    otherCustomer: await buildUser(t, { role: "customer", name: "Cleo", surname: "Stranger" }),
  };
}

// ── projects ─────────────────────────────────────────────────────────────────────────────────

export interface MemberInput {
  person: BuiltUser;
  role: InviteRole;
}

/** Creates a project (as `admin`) owned by `owner`, then adds each member. */
export async function buildProject(
  t: TestApp,
  options: { admin: BuiltUser; owner: BuiltUser; name?: string; members?: MemberInput[] },
): Promise<Project> {
  const project = succeeded(
    "create project",
    await t.api(contract.projects.create, {
      token: options.admin.token,
      body: {
        name: options.name ?? "Website redesign",
        isExistingCustomer: true,
        customerEmail: options.owner.user.email,
      },
    }),
  );
  for (const member of options.members ?? []) await buildMember(t, { project, by: options.admin, ...member });
  return project;
}

/** Adds an existing user to a project's team, as `by` (staff or the owner) would. */
export async function buildMember(
  t: TestApp,
  options: { project: Pick<Project, "id">; by: BuiltUser; person: BuiltUser; role: InviteRole },
): Promise<void> {
  succeeded(
    `invite ${options.role}`,
    await t.api(contract.projects.invite, {
      token: options.by.token,
      body: { projectId: options.project.id, email: options.person.user.email, role: options.role },
    }),
  );
}

/** The usual team: owner, editor, viewer and one designer; the cast's outsiders stay off it. */
export function buildTeamProject(
  t: TestApp,
  cast: Cast,
  options: { name?: string; extra?: MemberInput[] } = {},
): Promise<Project> {
  return buildProject(t, {
    admin: cast.admin,
    owner: cast.owner,
    ...(options.name ? { name: options.name } : {}),
    members: [
      { person: cast.editor, role: "editor" },
      { person: cast.viewer, role: "viewer" },
      { person: cast.designerOnTeam, role: "designer" },
      ...(options.extra ?? []),
    ],
  });
}

/** Pulls the invite key out of the link in an invite e-mail. */
export function inviteKeyFromMail(mail: { links?: string[] }): string {
  const link = mail.links?.find((candidate) => candidate.includes("/app/auth/invite?"));
  if (!link) throw new Error("no invite link in the mail");
  const key = new URL(link).searchParams.get("inviteKey");
  if (!key) throw new Error("invite link without a key");
  return key;
}

// ── tasks ────────────────────────────────────────────────────────────────────────────────────

let taskCounter = 0;

/** Creates a task in the project as `by` (default title "Task n"). */
export async function buildTask(
  t: TestApp,
  by: BuiltUser,
  input: Partial<CreateTaskInput> & { projectId: string },
): Promise<Task> {
  taskCounter += 1;
  return succeeded(
    "create task",
    await t.api(contract.tasks.create, { token: by.token, body: { title: `Task ${taskCounter}`, ...input } }),
  );
}

/** Assigns `designer` to the task as `staff`. */
export async function assignTask(t: TestApp, staff: BuiltUser, task: Task, designer: BuiltUser): Promise<Task> {
  return succeeded(
    "assign designer",
    await t.api(contract.tasks.assignDesigner, {
      token: staff.token,
      body: { projectId: task.projectId, taskId: task.id, designerId: designer.user.id },
    }),
  );
}

/** Starts work on the task as `by` (its designer or staff) with the given estimates. */
export async function startTaskAs(
  t: TestApp,
  by: BuiltUser,
  task: Task,
  estimates = { estimatedTimeOfCompletion: 24, estimatedWork: 10 },
): Promise<Task> {
  return succeeded(
    "start task",
    await t.api(contract.tasks.start, {
      token: by.token,
      params: { id: task.projectId, taskId: task.id },
      body: estimates,
    }),
  );
}

/** Moves the task to `status` as `by`. */
export async function setStatusAs(t: TestApp, by: BuiltUser, task: Task, status: Task["status"]): Promise<Task> {
  return succeeded(
    `status ${status}`,
    await t.api(contract.tasks.updateStatus, {
      token: by.token,
      body: { projectId: task.projectId, taskId: task.id, taskStatus: status },
    }),
  );
}

/** Uploads a small attachment as `by` and answers its key. */
export async function uploadAttachment(t: TestApp, by: BuiltUser, name = "brief.txt"): Promise<string> {
  const body = succeeded(
    "upload",
    await t.upload(contract.files.upload, {
      token: by.token,
      query: { purpose: "attachment" },
      file: { content: Buffer.from(`notes for ${name}`), filename: name },
    }),
  );
  return body.key;
}
// ── billing ──────────────────────────────────────────────────────────────────────────────────

/** Billing details that pass SPEC §5, as the owner fills them in before paying. */
export const BILLING_DETAILS = {
  customerType: "COMPANY" as const,
  customerFirstName: "Olivia",
  customerLastName: "Owner",
  customerCompanyName: "Owner & Co",
  customerAddress: "1 Main Street",
  customerPost: "Berlin",
  customerPostCode: "10115",
  country: "DE",
};

/** The usual team project (see buildTeamProject) with the owner's billing details filled in. */
export async function buildBilledProject(t: TestApp, cast: Cast, name = "Billing project"): Promise<Project> {
  const project = await buildTeamProject(t, cast, { name });
  return succeeded(
    "billing details",
    await t.api(contract.projects.updateData, {
      token: cast.owner.token,
      body: { id: project.id, ...BILLING_DETAILS },
    }),
  );
}

/** Sets the BTC and EUR rates (US dollars per unit) as the admin would. */
export async function buildRates(
  t: TestApp,
  admin: BuiltUser,
  rates: Partial<Record<RateCurrency, string>> = {},
): Promise<void> {
  const all: Record<RateCurrency, string> = { BTC: "95000", EUR: "1.08", ...rates };
  for (const currency of Object.keys(all) as RateCurrency[]) {
    succeeded(
      `rate ${currency}`,
      await t.api(contract.billing.setRate, { token: admin.token, body: { currency, usdPerUnit: all[currency] } }),
    );
  }
}

// ── tasks: buildTask goes here ─────────────────────────────────────────────────────────────────

/** A builder's call must succeed; say which step failed and why when it does not. */
function succeeded<Body>(what: string, response: ApiResponse<Body>): Body {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${response.error.message}`);
  return response.body;
}

/** One user of each role, for tests about users themselves. */
export interface OnePerRole {
  admin: BuiltUser;
  pm: BuiltUser;
  designer: BuiltUser;
  customer: BuiltUser;
}

export async function buildOnePerRole(t: TestApp): Promise<OnePerRole> {
  return {
    admin: await buildUser(t, { role: "admin" }),
    pm: await buildUser(t, { role: "projectManager" }),
    designer: await buildUser(t, { role: "designer" }),
    customer: await buildUser(t, { role: "customer" }),
  };
}
