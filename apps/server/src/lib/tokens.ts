import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** 128+ random bits for storage keys: unguessable, so a key works as a capability link. */
export function newFileKey(): string {
  return randomBytes(18).toString("base64url");
}

/** Tokens are stored only as this hash, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
