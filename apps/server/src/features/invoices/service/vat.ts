/** EU member states (ISO 3166-1 alpha-2): reverse charge applies between two of them. */
const EU_MEMBER_STATES = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]);

export const REVERSE_CHARGE_NOTE =
  "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).";

export interface VatSplit {
  netCents: number;
  vatCents: number;
  totalCents: number;
  rateBasisPoints: number;
  reverseCharge: boolean;
}

/**
 * Splits what was paid into net and VAT. Prices (plans, extra hours) are what the buyer pays, VAT
 * included: the total is the amount paid, and the VAT inside it is taken at the buyer country's
 * rate (basis points), rounded to the cent, the net being the rest (decision 061). A business
 * buyer with an EU VAT ID in another EU country than the seller's pays no VAT: reverse charge.
 */
export function splitVat(input: {
  totalCents: number;
  sellerCountry: string;
  buyerCountry: string;
  buyerVatId: string | null;
  rates: Readonly<Record<string, number>>;
}): VatSplit {
  const { totalCents } = input;
  const reverseCharge =
    Boolean(input.buyerVatId?.trim()) &&
    EU_MEMBER_STATES.has(input.buyerCountry) &&
    EU_MEMBER_STATES.has(input.sellerCountry) &&
    input.buyerCountry !== input.sellerCountry;
  const rateBasisPoints = reverseCharge ? 0 : (input.rates[input.buyerCountry] ?? 0);
  // Integer arithmetic only: net = round(total × 10000 / (10000 + rate)).
  const denominator = 10_000 + rateBasisPoints;
  const netCents = Math.floor((totalCents * 10_000 * 2 + denominator) / (denominator * 2));
  return { netCents, vatCents: totalCents - netCents, totalCents, rateBasisPoints, reverseCharge };
}
