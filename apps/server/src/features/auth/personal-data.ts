import type { PersonalDataSource } from "../../core/personal-data.ts";
import { deleteUserPasswordResets } from "./repo/password-resets.ts";

/** Reset links are secrets, not the person's records: nothing to export, all to erase. */
export const authPersonalData: PersonalDataSource = {
  name: "auth",
  async export() {
    return { records: {} };
  },
  async erase(tx, subject) {
    await deleteUserPasswordResets(tx, subject.id);
    return {};
  },
};
