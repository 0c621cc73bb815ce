import { timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";
import { secretBoxFor } from "../lib/secret-box.ts";

/**
 * Reply addresses (decision 056): `reply+<token>@<INBOUND_DOMAIN>`, one per notification a person
 * is mailed about, so it names the recipient and the thread (the notification's), signed so that
 * nobody can make one up, and expiring. The token is
 * `version (1) | notification id (16) | expiry in hours since the epoch (4) | HMAC (10)` in
 * lower-case base32: 50 characters, so the address's local part stays within the 64 RFC 5321
 * allows, and mail systems that change the case of a local part do not break it.
 */
const VERSION = 1;
const MAC_BYTES = 10;
const TOKEN_BYTES = 1 + 16 + 4 + MAC_BYTES;
const HOUR_MS = 3_600_000;
/** How long a reply address is accepted after the e-mail that carried it. */
export const REPLY_ADDRESS_DAYS = 30;
const LOCAL_PREFIX = "reply+";

type Keyed = Pick<Config, "secretsKey" | "dataDir">;

/** The reply address for one notification row, or null when replies by e-mail are off. */
export function replyAddressFor(
  config: Keyed & { inbound: Pick<Config["inbound"], "domain"> },
  notificationId: string,
  now = Date.now(),
): string | null {
  const domain = config.inbound.domain;
  if (!domain) return null;
  return `${LOCAL_PREFIX}${signReplyToken(config, notificationId, now + REPLY_ADDRESS_DAYS * 24 * HOUR_MS)}@${domain}`;
}

export function signReplyToken(config: Keyed, notificationId: string, expiresAt: number): string {
  const body = Buffer.alloc(1 + 16 + 4);
  body.writeUInt8(VERSION, 0);
  Buffer.from(notificationId.replaceAll("-", ""), "hex").copy(body, 1);
  body.writeUInt32BE(Math.ceil(expiresAt / HOUR_MS), 17);
  return toBase32(Buffer.concat([body, macOf(config, body)]));
}

export type ReplyTokenReading =
  | { ok: true; notificationId: string; expiresAt: number }
  | { ok: false; reason: "badAddress" | "expiredAddress" };

/** The token of `reply+<token>@<domain>` when the address is one of ours (any case), else null. */
export function replyTokenOf(address: string, domain: string): string | null {
  const match = /^reply\+([a-z2-7]+)@([^@\s]+)$/i.exec(address.trim());
  if (!match?.[1] || match[2]?.toLowerCase() !== domain.toLowerCase()) return null;
  return match[1];
}

/** Checks the signature first, then the expiry: a forged token learns nothing from the answer. */
export function readReplyToken(config: Keyed, token: string, now = Date.now()): ReplyTokenReading {
  const bytes = fromBase32(token);
  // Only the one spelling of these bytes: no extra characters, no set padding bits.
  if (!bytes || bytes.length !== TOKEN_BYTES || toBase32(bytes) !== token.toLowerCase()) {
    return { ok: false, reason: "badAddress" };
  }
  if (bytes.readUInt8(0) !== VERSION) return { ok: false, reason: "badAddress" };
  const body = bytes.subarray(0, TOKEN_BYTES - MAC_BYTES);
  if (!timingSafeEqual(macOf(config, body), bytes.subarray(TOKEN_BYTES - MAC_BYTES))) {
    return { ok: false, reason: "badAddress" };
  }
  const expiresAt = body.readUInt32BE(17) * HOUR_MS;
  if (expiresAt <= now) return { ok: false, reason: "expiredAddress" };
  const hex = body.subarray(1, 17).toString("hex");
  const notificationId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { ok: true, notificationId, expiresAt };
}

/** Under the server's signing key, with a label of its own so no other signed link is a reply token. */
function macOf(config: Keyed, body: Buffer): Buffer {
  const signature = secretBoxFor(config).sign(`atelier reply address v1.${body.toString("hex")}`);
  return Buffer.from(signature, "base64url").subarray(0, MAC_BYTES);
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toLowerCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The events whose notifications are about a comment thread one can answer, and which kind: a
 * design's comment thread (the notification's `commentId` is the thread's first comment) or a
 * thread of a task's conversation (the event's payload `commentId` is).
 */
export const REPLYABLE_EVENTS = {
  "comment.added": "design",
  "comment.replied": "design",
  "taskComment.added": "task",
  "taskComment.replied": "task",
} as const;

export type ReplyableEvent = keyof typeof REPLYABLE_EVENTS;

export function isReplyableEvent(type: string): type is ReplyableEvent {
  return Object.hasOwn(REPLYABLE_EVENTS, type);
}
