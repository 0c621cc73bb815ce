import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../core/context.ts";
import { hashPassword } from "../../../lib/passwords.ts";
import { issueSetupKey } from "../../auth/index.ts";
import { seedDemoProjects } from "../../projects/index.ts";
import { countActiveUsers } from "../../users/index.ts";
import { createCastAccounts, DEMO_USERS, DEMO_WORKSPACE_USERS, signInCast } from "./demo/people.ts";
import { buildDemoWorkspace } from "./demo/workspace.ts";

export { DEMO_USERS, DEMO_WORKSPACE_USERS };

/** What the browser would send for a typed password (SPEC §5 pre-hash). */
export function preHash(password: string): string {
  return createHash("sha256").update(password, "utf8").digest("hex");
}

export type StartupNotice =
  | { kind: "setup"; link: string }
  | { kind: "demo"; password: string; emails: string[]; made: string[] }
  | { kind: "ready" };

/**
 * On an empty database: fills the demo when asked, otherwise issues the one-time first-admin link.
 * Does nothing once users exist. `demo.workspace` (the running app) asks for the full workspace,
 * made through the app's calls; without it the demo is the four logins and one project.
 */
export async function prepareEmptyDatabase(
  ctx: AppContext,
  _actor: null,
  options: { demo: boolean; demoPassword?: string | undefined; workspace?: FastifyInstance | undefined },
): Promise<StartupNotice> {
  if ((await countActiveUsers(ctx.db)) > 0) return { kind: "ready" };
  if (options.demo) {
    const password = options.demoPassword ?? randomBytes(9).toString("base64url");
    const passwordPreHash = preHash(password);
    const passwordHash = await hashPassword(passwordPreHash);
    if (!options.workspace) {
      await createCastAccounts(ctx, DEMO_USERS, passwordHash, seedDemoProjects);
      return { kind: "demo", password, emails: DEMO_USERS.map((user) => user.email), made: [] };
    }
    const started = performance.now();
    const people = [...DEMO_USERS, ...DEMO_WORKSPACE_USERS];
    await createCastAccounts(ctx, people, passwordHash);
    const cast = await signInCast(ctx, people);
    const summary = await buildDemoWorkspace(ctx, options.workspace, { cast, people, passwordPreHash });
    return {
      kind: "demo",
      password,
      emails: [...people.map((user) => user.email), ...summary.extraLogins],
      made: [...summary.made, `made in ${((performance.now() - started) / 1000).toFixed(1)} s`],
    };
  }
  const key = await issueSetupKey(ctx, null);
  if (!key) return { kind: "ready" };
  return { kind: "setup", link: `${ctx.config.publicUrl}/app/onboard?setup=${encodeURIComponent(key)}` };
}
