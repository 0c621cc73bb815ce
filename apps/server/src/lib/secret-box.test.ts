import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

describe("secret box", () => {
  const box = createSecretBox("a-long-random-secret-of-at-least-32-chars");

  it("seals and opens; the sealed text neither holds the secret nor repeats", () => {
    const sealed = box.seal("portfolio-token-1234");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("portfolio-token-1234");
    expect(box.seal("portfolio-token-1234")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("portfolio-token-1234");
  });

  it("refuses a tampered text and another key's text", () => {
    const sealed = box.seal("secret");
    const parts = sealed.split(".");
    const body = parts[3] ?? "";
    const flipped = [...parts.slice(0, 3), `${body.slice(0, -1)}${body.endsWith("A") ? "B" : "A"}`].join(".");
    expect(() => box.open(flipped)).toThrow();
    expect(() => createSecretBox("another-long-random-secret-of-32-chars!!").open(sealed)).toThrow();
  });

  it("signs links so only the same key verifies them", () => {
    const signature = box.sign("export:1");
    expect(box.verify("export:1", signature)).toBe(true);
    expect(box.verify("export:2", signature)).toBe(false);
    expect(createSecretBox("another-long-random-secret-of-32-chars!!").verify("export:1", signature)).toBe(false);
  });
});
