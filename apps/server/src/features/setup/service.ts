import { createHash, randomBytes } from "node:crypto";
import type { Role } from "@atelier/shared";
import type { AppContext } from "../../core/context.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { issueSetupKey } from "../auth/index.ts";
import { seedDemoProjects } from "../projects/index.ts";
import { countActiveUsers, createAccount } from "../users/index.ts";

export const DEMO_USERS: ReadonlyArray<{ email: string; role: Role; name: string; surname: string }> = [
  { email: "admin@atelier.test", role: "admin", name: "Ada", surname: "Admin" },
  { email: "pm@atelier.test", role: "projectManager", name: "Pat", surname: "Manager" },
  { email: "designer@atelier.test", role: "designer", name: "Dana", surname: "Designer" },
  { email: "customer@atelier.test", role: "customer", name: "Chris", surname: "Customer" },
];

/** What the browser would send for a typed password (SPEC §5 pre-hash). */
export function preHash(password: string): string {
  return createHash("sha256").update(password, "utf8").digest("hex");
}

// The designer's daily availability stays unset: the presenter shows the default of 8 (SPEC §3).
const DEMO_DESIGNER_HOUR_RATE_CENTS = 4500;

export type StartupNotice =
  | { kind: "setup"; link: string }
  | { kind: "demo"; password: string; emails: string[] }
  | { kind: "ready" };

/**
 * On an empty database: fills the demo workspace when asked, otherwise issues the one-time
 * first-admin link. Does nothing once users exist.
 */
export async function prepareEmptyDatabase(
  ctx: AppContext,
  _actor: null,
  options: { demo: boolean; demoPassword?: string },
): Promise<StartupNotice> {
  if ((await countActiveUsers(ctx.db)) > 0) return { kind: "ready" };
  if (options.demo) {
    const password = options.demoPassword ?? randomBytes(9).toString("base64url");
    const passwordHash = await hashPassword(preHash(password));
    await ctx.db.transaction(async (tx) => {
      for (const user of DEMO_USERS) {
        await createAccount(tx, {
          ...user,
          passwordHash,
          hourRateCents: user.role === "designer" ? DEMO_DESIGNER_HOUR_RATE_CENTS : 0,
        });
      }
      await seedDemoProjects(tx);
    });
    return { kind: "demo", password, emails: DEMO_USERS.map((user) => user.email) };
  }
  const key = await issueSetupKey(ctx, null);
  if (!key) return { kind: "ready" };
  return { kind: "setup", link: `${ctx.config.publicUrl}/app/onboard?setup=${encodeURIComponent(key)}` };
}
