import type { contract, EndpointParsed, SessionWithProject } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { hashPassword } from "../../../lib/passwords.ts";
import { createSession } from "../../auth/index.ts";
import { insertUserUnlessEmailTaken, presentUser } from "../../users/index.ts";
import { upsertMember } from "../repo/members.ts";
import { insertProject } from "../repo/projects.ts";
import { billingColumns } from "./billing.ts";

type OnboardInput = EndpointParsed<typeof contract.projects.onboard>["body"];

/**
 * `POST /auth/onboard` (open): the customer's account, their billing details and first project
 * in one transaction, so a failure leaves no half-made account behind; answers a session.
 */
export async function onboardCustomer(ctx: AppContext, input: OnboardInput): Promise<SessionWithProject> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertUserUnlessEmailTaken(tx, {
      role: "customer",
      email: input.email,
      name: input.name,
      surname: input.surname,
      passwordHash,
    });
    const project = await insertProject(tx, {
      name: input.projectName,
      ownerId: user.id,
      ...billingColumns({ ...input, customerFirstName: input.name, customerLastName: input.surname }),
    });
    await upsertMember(tx, { projectId: project.id, userId: user.id, projectRole: "owner", invitedById: null });
    return { token: await createSession(tx, user.id), user: presentUser(user), projectId: project.id };
  });
}
