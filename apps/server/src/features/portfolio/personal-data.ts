import type { PersonalDataSource } from "../../core/personal-data.ts";
import { deletePortfolioAccount, findPortfolioAccount } from "./repo/accounts.ts";

/** Whether a portfolio account was connected; the access token itself is never exported. */
export const portfolioPersonalData: PersonalDataSource = {
  name: "portfolio",
  async export(db, subject) {
    const row = await findPortfolioAccount(db, subject.id);
    return {
      records: { portfolio: { connected: row !== undefined, connectedAt: row?.connectedAt.toISOString() ?? null } },
    };
  },
  async erase(tx, subject) {
    await deletePortfolioAccount(tx, subject.id);
    return {};
  },
};
