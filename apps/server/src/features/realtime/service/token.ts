import type { Config } from "../../../config.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";

/**
 * The stream token: `rt1.<userId>.<sessionId>.<expiresAt>.<signature>`, an HMAC under the
 * server's secret key (SECRETS_KEY, shared by every instance), so any instance accepts a token
 * another one issued without a lookup. It names the session that asked for it, so signing out
 * stops the next connection; it expires quickly, so an open stream is re-checked often.
 */
const PREFIX = "rt1";

export interface StreamClaims {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

export function signStreamToken(config: Pick<Config, "secretsKey" | "dataDir">, claims: StreamClaims): string {
  const body = `${PREFIX}.${claims.userId}.${claims.sessionId}.${claims.expiresAt}`;
  return `${body}.${secretBoxFor(config).sign(body)}`;
}

/** The token's claims when its signature holds and it has not expired; null otherwise. */
export function readStreamToken(
  config: Pick<Config, "secretsKey" | "dataDir">,
  token: string,
  now: number,
): StreamClaims | null {
  const parts = token.split(".");
  if (parts.length !== 5) return null;
  const [prefix, userId, sessionId, expires, signature] = parts as [string, string, string, string, string];
  if (prefix !== PREFIX || !/^\d{1,15}$/.test(expires)) return null;
  if (!secretBoxFor(config).verify(parts.slice(0, 4).join("."), signature)) return null;
  const expiresAt = Number(expires);
  if (expiresAt <= now) return null;
  return { userId, sessionId, expiresAt };
}
