import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

const preHash = (password: string) => createHash("sha256").update(password, "utf8").digest("hex");

describe("isCommonPassword", () => {
  it("knows the most common passwords by the browser's pre-hash", () => {
    for (const password of ["123456", "password", "qwerty", "password123", "iloveyou", "letmein"]) {
      expect(isCommonPassword(preHash(password)), password).toBe(true);
    }
  });

  it("holds the list's 100,000th password and not its 100,001st", () => {
    // Lines 100,000 and 100,001 of the source list (scripts/build-common-passwords.mjs).
    expect(isCommonPassword(preHash("070162"))).toBe(true);
    expect(isCommonPassword(preHash("07012006"))).toBe(false);
  });

  it("passes uncommon passwords, and is exact about case", () => {
    expect(isCommonPassword(preHash("Velvet-Kestrel-Marmalade-41"))).toBe(false);
    expect(isCommonPassword(preHash("PASSWORD123!x"))).toBe(false);
    expect(isCommonPassword("0".repeat(64))).toBe(false);
  });
});
