import { canSetExchangeRates, type ExchangeRates, type SetExchangeRateInput } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { presentRates } from "../presenter.ts";
import { findCurrentRate, insertRate } from "../repo/rates.ts";

/** `GET /v3/billing/rates`: every signed-in user (the billing dialog shows the rate with its date). */
export async function getExchangeRates(ctx: AppContext, _actor: Actor): Promise<ExchangeRates> {
  const [btc, eur] = await Promise.all([findCurrentRate(ctx.db, "BTC"), findCurrentRate(ctx.db, "EUR")]);
  return presentRates({ BTC: btc, EUR: eur });
}

/** `POST /v3/billing/rates` (admin): a new rate; orders already made keep the rate they were priced with. */
export async function setExchangeRate(
  ctx: AppContext,
  actor: Actor,
  input: Required<SetExchangeRateInput>,
): Promise<ExchangeRates> {
  if (!canSetExchangeRates(actor)) throw forbidden();
  await insertRate(ctx.db, { currency: input.currency, usdPerUnit: input.usdPerUnit, setById: actor.id });
  return getExchangeRates(ctx, actor);
}
