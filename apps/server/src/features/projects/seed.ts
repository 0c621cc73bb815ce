import type { DbOrTx } from "../../db/client.ts";
import { findUserByEmail } from "../users/index.ts";
import { findLiveProjectByOwnerAndName, insertProject } from "./repo/projects.ts";
import { addProjectMember } from "./service/team.ts";

export const DEMO_PROJECT_NAME = "Brand refresh";

/**
 * Demo workspace: "Brand refresh" owned by the demo customer with the demo designer on the team.
 * Safe to run twice (it does nothing when the project exists) and when the demo users are missing.
 */
export async function seedDemoProjects(
  db: DbOrTx,
  emails: { customer: string; designer: string } = {
    customer: "customer@atelier.test",
    designer: "designer@atelier.test",
  },
): Promise<{ projectId: string } | null> {
  const customer = await findUserByEmail(db, emails.customer);
  const designer = await findUserByEmail(db, emails.designer);
  if (!customer) return null;
  const existing = await findLiveProjectByOwnerAndName(db, customer.id, DEMO_PROJECT_NAME);
  if (existing) return { projectId: existing.id };
  const project = await insertProject(db, {
    name: DEMO_PROJECT_NAME,
    ownerId: customer.id,
    customerType: "COMPANY",
    customerFirstName: customer.name,
    customerLastName: customer.surname,
    customerCompanyName: "Northwind Studio",
    customerAddress: "1 Harbour Street",
    customerPost: "Lisbon",
    customerPostCode: "1100-001",
    customerCountry: "PT",
    clientCharacterNotes: "Prefers short weekly updates; likes bold colour and clean type.",
  });
  await addProjectMember(db, { projectId: project.id, userId: customer.id, projectRole: "owner", invitedById: null });
  if (designer) {
    await addProjectMember(db, {
      projectId: project.id,
      userId: designer.id,
      projectRole: "designer",
      invitedById: null,
    });
  }
  return { projectId: project.id };
}
