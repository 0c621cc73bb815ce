import type { contract, EndpointParsed, SessionWithProject } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import type { SessionDevice } from "../../../core/sessions/service.ts";
import { issueSession } from "../../two-factor/index.ts";
import { createAccount, hashNewPassword } from "../../users/index.ts";
import { insertProject } from "../repo/projects.ts";
import { billingColumns } from "./billing.ts";
import { addProjectMember } from "./team.ts";

type OnboardInput = EndpointParsed<typeof contract.projects.onboard>["body"];

/**
 * `POST /auth/onboard` (open): the customer's account, their billing details and first project
 * in one transaction, so a failure leaves no half-made account behind; answers a session.
 */
export async function onboardCustomer(
  ctx: AppContext,
  _actor: null,
  input: OnboardInput & { device?: SessionDevice },
): Promise<SessionWithProject> {
  const passwordHash = await hashNewPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await createAccount(tx, {
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
    await addProjectMember(tx, { projectId: project.id, userId: user.id, projectRole: "owner", invitedById: null });
    return { ...(await issueSession(tx, user, input.device)), projectId: project.id };
  });
}
