import { canConnectPortfolio, type PortfolioStatus, PRIVACY_MESSAGES } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { presentStatus } from "../presenter.ts";
import { deletePortfolioAccount, findPortfolioAccount, upsertPortfolioAccount } from "../repo/accounts.ts";
import { forgetShots } from "./shots.ts";

export async function getPortfolioStatus(ctx: AppContext, actor: Actor): Promise<PortfolioStatus> {
  return presentStatus(await findPortfolioAccount(ctx.db, actor.id));
}

/** `POST /profile/portfolio`: stores the access token encrypted; it never leaves the server again. */
export async function connectPortfolio(
  ctx: AppContext,
  actor: Actor,
  input: { accessToken: string },
): Promise<PortfolioStatus> {
  if (!canConnectPortfolio(actor)) throw forbidden(PRIVACY_MESSAGES.portfolioDesignersOnly);
  const row = await upsertPortfolioAccount(ctx.db, actor.id, secretBoxFor(ctx.config).seal(input.accessToken));
  forgetShots(ctx, actor.id);
  return presentStatus(row);
}

export async function disconnectPortfolio(ctx: AppContext, actor: Actor): Promise<PortfolioStatus> {
  await deletePortfolioAccount(ctx.db, actor.id);
  forgetShots(ctx, actor.id);
  return presentStatus(undefined);
}
