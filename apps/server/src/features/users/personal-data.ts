import { DELETED_USER_NAME, PRIVACY_MESSAGES } from "@atelier/shared";
import type { PersonalDataSource } from "../../core/personal-data.ts";
import { presentUser } from "./presenter.ts";
import { deleteEmailChanges } from "./repo/email-changes.ts";
import { anonymiseUserRow, countActiveAdmins, findActiveUserById } from "./repo/users.ts";

/** The profile itself; erased last, as other sources still read the person's e-mail. */
export const usersPersonalData: PersonalDataSource = {
  name: "users",
  async refusal(db, subject) {
    if (subject.role !== "admin") return null;
    return (await countActiveAdmins(db)) <= 1 ? PRIVACY_MESSAGES.gdprLastAdmin : null;
  },
  async export(db, subject) {
    const row = await findActiveUserById(db, subject.id);
    if (!row) return { records: {} };
    const { createdAt, ...profile } = presentUser(row);
    return { records: { profile: { ...profile, createdAt: new Date(createdAt).toISOString() } } };
  },
  async erase(tx, subject) {
    await deleteEmailChanges(tx, subject.id);
    await anonymiseUserRow(tx, subject.id, DELETED_USER_NAME);
    return {};
  },
};
