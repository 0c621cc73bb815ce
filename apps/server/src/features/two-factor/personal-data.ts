import type { PersonalDataSource } from "../../core/personal-data.ts";
import { deleteUserChallenges } from "./repo/challenges.ts";
import { countUnusedRecoveryCodes, deleteTwoFactor, findTwoFactor } from "./repo/secrets.ts";

/** Whether two-factor sign-in was on; the secret and the codes never leave the server. */
export const twoFactorPersonalData: PersonalDataSource = {
  name: "twoFactor",
  async export(db, subject) {
    const row = await findTwoFactor(db, subject.id);
    return {
      records: {
        twoFactor: {
          enabled: Boolean(row?.enabledAt),
          enabledAt: row?.enabledAt?.toISOString() ?? null,
          recoveryCodesLeft: row?.enabledAt ? await countUnusedRecoveryCodes(db, subject.id) : 0,
        },
      },
    };
  },
  async erase(tx, subject) {
    await deleteTwoFactor(tx, subject.id);
    await deleteUserChallenges(tx, subject.id);
    return {};
  },
};
