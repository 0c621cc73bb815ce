import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** One step either side, for clocks a little off; older codes are refused. */
const TOLERANCE_SECONDS = PERIOD;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The time step the code belongs to when it is valid now (±1 step), else null. */
export async function matchingStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  return result.valid ? Math.floor(epoch / PERIOD) + result.delta : null;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes of ten characters (about 49 bits each), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are compared without the dash, in lower case. */
export function normalRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
}
