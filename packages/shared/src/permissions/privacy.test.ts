import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../roles.ts";
import { canConnectPortfolio, canResetTwoFactor, isTwoFactorRequired } from "./privacy.ts";

const actor = (role: Role) => ({ id: `actor-${role}`, role });

describe("privacy rules", () => {
  it.each(ROLES)("only an admin resets someone else's two-factor sign-in (%s)", (role) => {
    expect(canResetTwoFactor(actor(role), { id: "someone" })).toBe(role === "admin");
    expect(canResetTwoFactor(actor(role), { id: `actor-${role}` })).toBe(false);
  });

  it.each([
    ["admin", true],
    ["projectManager", true],
    ["designer", false],
    ["customer", false],
  ] as const)("the staff setting makes two-factor sign-in required for %s: %s", (role, required) => {
    expect(isTwoFactorRequired(role, true)).toBe(required);
    expect(isTwoFactorRequired(role, false)).toBe(false);
  });

  it.each(ROLES)("only designers connect a portfolio (%s)", (role) => {
    expect(canConnectPortfolio(actor(role))).toBe(role === "designer");
  });
});
