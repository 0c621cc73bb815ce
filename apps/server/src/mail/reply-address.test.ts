import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readReplyToken, replyAddressFor, replyTokenOf, signReplyToken } from "./reply-address.ts";

const config = {
  secretsKey: "reply-address-test-key-0123456789abcdef",
  dataDir: mkdtempSync(path.join(tmpdir(), "reply-address-")),
  inbound: { domain: "reply.atelier.test" },
};
const other = { ...config, secretsKey: "another-key-entirely-0123456789abcdefgh" };

describe("reply addresses", () => {
  it("name the notification and its expiry, fit a local part, and read back in any case", () => {
    const id = randomUUID();
    const now = Date.UTC(2026, 10, 28);
    const address = replyAddressFor(config, id, now);
    expect(address).toMatch(/^reply\+[a-z2-7]{50}@reply\.atelier\.test$/);
    expect(address?.split("@")[0]?.length).toBeLessThanOrEqual(64);
    const token = replyTokenOf(address?.toUpperCase() ?? "", "reply.atelier.test") ?? "";
    const reading = readReplyToken(config, token, now);
    expect(reading).toEqual({ ok: true, notificationId: id, expiresAt: now + 30 * 24 * 3_600_000 });
  });

  it("are refused when changed anywhere, signed with another key, or expired", () => {
    const token = signReplyToken(config, randomUUID(), Date.now() + 3_600_000);
    for (let index = 0; index < token.length; index += 1) {
      const changed = `${token.slice(0, index)}${token[index] === "a" ? "b" : "a"}${token.slice(index + 1)}`;
      expect(readReplyToken(config, changed).ok, `character ${index}`).toBe(false);
    }
    expect(readReplyToken(config, token.slice(0, -1))).toEqual({ ok: false, reason: "badAddress" });
    expect(readReplyToken(config, `${token}a`)).toEqual({ ok: false, reason: "badAddress" });
    expect(readReplyToken(other, token)).toEqual({ ok: false, reason: "badAddress" });
    expect(readReplyToken(config, token, Date.now() + 2 * 3_600_000)).toEqual({ ok: false, reason: "expiredAddress" });
  });

  it("are ours only at our domain, and absent when replies by e-mail are off", () => {
    const token = signReplyToken(config, randomUUID(), Date.now() + 3_600_000);
    expect(replyTokenOf(`reply+${token}@elsewhere.test`, "reply.atelier.test")).toBeNull();
    expect(replyTokenOf(`reply+${token}@reply.atelier.test.evil`, "reply.atelier.test")).toBeNull();
    expect(replyTokenOf(`other+${token}@reply.atelier.test`, "reply.atelier.test")).toBeNull();
    expect(replyAddressFor({ ...config, inbound: { domain: undefined } }, randomUUID())).toBeNull();
  });
});
