import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Encrypts secrets the server must read back (TOTP secrets, portfolio access tokens) with
 * AES-256-GCM. The text form is `v1.<iv>.<tag>.<ciphertext>` in base64url, so a later key or
 * algorithm can be told apart by its prefix.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** An HMAC-SHA-256 of `text` (base64url) under a key of its own, for signed links. */
  sign(text: string): string;
  /** Whether `signature` is `sign(text)`, compared in constant time. */
  verify(text: string, signature: string): boolean;
}

const VERSION = "v1";

/** A box over a key derived (HKDF-SHA-256) from `secret`, which any long random string may be. */
export function createSecretBox(secret: string | Buffer): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "atelier secrets v1", 32));
  const signingKey = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "atelier signed links v1", 32));
  const sign = (text: string) => createHmac("sha256", signingKey).update(text).digest("base64url");
  return {
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

const boxes = new Map<string, SecretBox>();

/**
 * The box of this server: `SECRETS_KEY` when set; otherwise a random key kept in
 * `dataDir/secrets.key`, made at first use (embedded mode; several instances must share SECRETS_KEY).
 */
export function secretBoxFor(config: { secretsKey: string | undefined; dataDir: string }): SecretBox {
  const id = config.secretsKey ? `key:${config.secretsKey}` : `dir:${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(config.secretsKey ?? readOrCreateKeyFile(path.join(config.dataDir, "secrets.key")));
    boxes.set(id, box);
  }
  return box;
}

function readOrCreateKeyFile(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "utf8");
}
