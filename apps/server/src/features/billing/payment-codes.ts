import QRCode from "qrcode";

/**
 * What the payment order's QR code carries (DESIGN §8): an EPC QR for a SEPA credit transfer
 * (EPC069-12, version 002, UTF-8) and a BIP21 URI for bitcoin. Banking and wallet apps fill the
 * transfer in from these, so the reference reaches the admin with the money.
 */
export function epcPayload(input: {
  beneficiary: string;
  iban: string;
  bic: string | null;
  /** euros with two decimals */
  amount: string;
  reference: string;
}): string {
  return [
    "BCD",
    "002",
    "1", // UTF-8
    "SCT",
    input.bic ?? "",
    input.beneficiary.slice(0, 70),
    input.iban,
    `EUR${input.amount}`,
    "", // purpose code
    "", // structured creditor reference (we send an unstructured one)
    input.reference.slice(0, 140),
  ].join("\n");
}

export function bip21Uri(input: { address: string; amount: string; label: string; reference: string }): string {
  const query = new URLSearchParams({ amount: input.amount, label: input.label, message: input.reference });
  // URLSearchParams writes spaces as "+", which BIP21 readers take literally.
  return `bitcoin:${input.address}?${query.toString().replace(/\+/g, "%20")}`;
}

/** The payload as a PNG data URL; error correction M, as EPC QR requires. */
export function qrImage(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 4, width: 264 });
}

const SCALE = 10n ** 8n;

/** A decimal string with at most 8 decimals as an integer of 10⁻⁸ units. */
export function toScaled(decimal: string): bigint {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(8, "0").slice(0, 8));
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/**
 * What to pay in the order's currency for a USD price, rounded up to the smallest unit (euro
 * cents, satoshis) so the platform is never paid short: "12.34" or "0.00123456".
 */
export function convertUsd(amountCents: number, usdPerUnit: string, currency: "EUR" | "BTC"): string {
  const rate = toScaled(usdPerUnit);
  const cents = BigInt(amountCents);
  if (currency === "EUR") {
    const euroCents = ceilDiv(cents * SCALE, rate);
    return `${euroCents / 100n}.${(euroCents % 100n).toString().padStart(2, "0")}`;
  }
  const sats = ceilDiv(cents * 1_000_000n * SCALE, rate);
  return `${sats / SCALE}.${(sats % SCALE).toString().padStart(8, "0")}`;
}

/** Numeric column text ("12.34000000") trimmed to the currency's decimals. */
export function formatPayAmount(value: string, currency: "EUR" | "BTC"): string {
  const decimals = currency === "EUR" ? 2 : 8;
  const [whole = "0", fraction = ""] = value.split(".");
  return `${whole}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
}

/** A short reference people can type: AT- and 8 characters of Crockford base32 (no I, L, O, U). */
export function newOrderReference(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `AT-${Array.from(bytes, (byte) => alphabet[byte % 32]).join("")}`;
}
