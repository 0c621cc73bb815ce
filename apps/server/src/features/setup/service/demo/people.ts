import { contract, type Role } from "@atelier/shared";
import type { AppContext } from "../../../../core/context.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { issueSession } from "../../../two-factor/index.ts";
import { createAccount, findUserByEmail } from "../../../users/index.ts";
import type { DemoCaller } from "./caller.ts";
import { avatarPng } from "./images.ts";

export interface DemoPerson {
  /** who they are in the demo's steps */
  key: CastKey;
  email: string;
  role: Role;
  name: string;
  surname: string;
  /** dollars per hour, designers only */
  hourRate?: number;
  avatarColour: string;
}

/** The four logins every demo has (the browser journeys sign in as them). */
export const DEMO_USERS: ReadonlyArray<DemoPerson> = [
  { key: "admin", email: "admin@atelier.test", role: "admin", name: "Ada", surname: "Admin", avatarColour: "#264653" },
  {
    key: "pm",
    email: "pm@atelier.test",
    role: "projectManager",
    name: "Pat",
    surname: "Manager",
    avatarColour: "#2a9d8f",
  },
  {
    key: "designer",
    email: "designer@atelier.test",
    role: "designer",
    name: "Dana",
    surname: "Designer",
    hourRate: 45,
    avatarColour: "#e76f51",
  },
  {
    key: "customer",
    email: "customer@atelier.test",
    role: "customer",
    name: "Chris",
    surname: "Customer",
    avatarColour: "#6d597a",
  },
];

/** The rest of the agency's people in the full workspace. */
export const DEMO_WORKSPACE_USERS: ReadonlyArray<DemoPerson> = [
  {
    key: "designer2",
    email: "designer2@atelier.test",
    role: "designer",
    name: "Theo",
    surname: "Tran",
    hourRate: 38,
    avatarColour: "#f4a261",
  },
  {
    key: "editor",
    email: "editor@atelier.test",
    role: "customer",
    name: "Erin",
    surname: "Editor",
    avatarColour: "#457b9d",
  },
  {
    key: "viewer",
    email: "viewer@atelier.test",
    role: "customer",
    name: "Victor",
    surname: "Viewer",
    avatarColour: "#8d99ae",
  },
];

export interface SignedInPerson {
  id: string;
  role: Role;
  email: string;
  token: string;
}

export type CastKey = "admin" | "pm" | "designer" | "designer2" | "customer" | "editor" | "viewer";
export type Cast = Record<CastKey, SignedInPerson>;

/**
 * The accounts, written as the plain demo has always written them (there is no call that makes
 * an admin or a customer without an e-mail round trip), each with a session the later steps act
 * through. The sessions end when the demo is made (`signOutCast`).
 */
export async function createCastAccounts(
  ctx: AppContext,
  people: ReadonlyArray<DemoPerson>,
  passwordHash: string,
  /** more to write in the same transaction (the plain demo's one project) */
  alsoWrite?: (tx: DbOrTx) => Promise<unknown>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const person of people) {
      await createAccount(tx, {
        email: person.email,
        role: person.role,
        name: person.name,
        surname: person.surname,
        passwordHash,
        hourRateCents: Math.round((person.hourRate ?? 0) * 100),
      });
    }
    await alsoWrite?.(tx);
  });
}

export async function signInCast(ctx: AppContext, people: ReadonlyArray<DemoPerson>): Promise<Cast> {
  const entries = await Promise.all(
    people.map(async (person) => {
      const user = await findUserByEmail(ctx.db, person.email);
      if (!user) throw new Error(`demo account ${person.email} is missing`);
      // Through the one door sessions come out of (two-factor/service/login.ts); the demo's people have
      // no second factor, so it answers a session.
      const session = await issueSession(ctx.db, user, undefined);
      if (!("token" in session)) throw new Error(`demo account ${person.email} asks for a second factor`);
      return [person.key, { id: user.id, role: user.role, email: user.email, token: session.token }] as const;
    }),
  );
  return Object.fromEntries(entries) as Cast;
}

/** Each person uploads their avatar and sets it in their settings, as they would. */
export async function giveAvatars(api: DemoCaller, cast: Cast, people: ReadonlyArray<DemoPerson>): Promise<void> {
  for (const person of people) {
    const who = cast[person.key];
    const content = await avatarPng(`${person.name[0]}${person.surname[0]}`, person.avatarColour);
    const avatarKey = await api.upload(who.token, "avatar", { content, filename: "avatar.png" });
    await api.call(contract.profile.update, who.token, { body: { avatarKey } });
  }
}

export async function signOutCast(api: DemoCaller, cast: Cast): Promise<void> {
  for (const person of Object.values(cast)) await api.call(contract.auth.logout, person.token, {});
}
