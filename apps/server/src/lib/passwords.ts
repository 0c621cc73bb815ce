import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** `preHash` is the SHA-256 hex the browser sends; we store argon2id of it. */
export function hashPassword(preHash: string): Promise<string> {
  return hash(preHash, options);
}

export async function verifyPassword(stored: string, preHash: string): Promise<boolean> {
  try {
    return await verify(stored, preHash);
  } catch {
    return false;
  }
}
