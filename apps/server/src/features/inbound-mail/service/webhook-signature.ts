import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a request's timestamp may be from the server's clock (a replayed request is older). */
export const WEBHOOK_WINDOW_SECONDS = 300;

/** `v1=` and the hex HMAC-SHA-256 of `<timestamp>.<raw body>` under the shared secret. */
export function signInboundWebhook(secret: string, timestamp: number, rawBody: Buffer): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex")}`;
}

export type WebhookCheck = "ok" | "badSignature" | "staleSignature";

/**
 * The signature first (compared in constant time), then the window: a request with a forged
 * signature learns nothing about the clock. A timestamp that is not whole seconds is refused.
 */
export function checkInboundWebhook(
  secret: string,
  input: { timestamp: string | undefined; signature: string | undefined; rawBody: Buffer },
  now = Date.now(),
): WebhookCheck {
  const { timestamp, signature, rawBody } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return "badSignature";
  const expected = Buffer.from(signInboundWebhook(secret, Number(timestamp), rawBody));
  const given = Buffer.from(signature.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "badSignature";
  return Math.abs(now / 1000 - Number(timestamp)) <= WEBHOOK_WINDOW_SECONDS ? "ok" : "staleSignature";
}
