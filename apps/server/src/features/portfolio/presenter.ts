import type { PortfolioStatus } from "@atelier/shared";
import type { PortfolioAccountRow } from "./repo/accounts.ts";

export function presentStatus(row: PortfolioAccountRow | undefined): PortfolioStatus {
  return { connected: row !== undefined, connectedAt: row?.connectedAt.getTime() ?? null };
}
