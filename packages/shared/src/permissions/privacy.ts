import { isStaff, type Role } from "../roles.ts";

interface Actor {
  id: string;
  role: Role;
}

export const PRIVACY_MESSAGES = {
  gdprPaidSubscription: (projectName: string) =>
    `Your project "${projectName}" has a paid subscription running. Cancel it (or ask your project manager to) before removing your information.`,
  gdprLastAdmin:
    "You are the platform's last admin. Make another user admin before removing your information, so someone can still run the platform.",
  twoFactorWrongCode: "This code is wrong or was already used",
  twoFactorNotSetUp: "Start the set-up again: scan the QR code first",
  twoFactorAlreadyOn: "Two-factor sign-in is already on",
  twoFactorNotOn: "Two-factor sign-in is off",
  twoFactorRequiredForStaff: "Two-factor sign-in is required for staff accounts",
  twoFactorEnrolmentRequired:
    "Two-factor sign-in is required for staff accounts. Turn it on in your settings to continue.",
  challengeExpired: "This sign-in has expired. Enter your password again.",
  twoFactorLocked: (minutes: number) =>
    `Too many wrong codes. Sign-in codes for this account are refused for ${minutes} minutes; its owner was told by e-mail.`,
  portfolioDesignersOnly: "Only designers connect a portfolio",
  exportRunning: "An export is already being built",
} as const;

/** Resetting someone's two-factor sign-in (a lost device) is an admin's job, never one's own. */
export function canResetTwoFactor(actor: Actor, target: { id: string }): boolean {
  return actor.role === "admin" && actor.id !== target.id;
}

/** Whether two-factor sign-in is mandatory for this role under the staff setting. */
export function isTwoFactorRequired(role: Role, requiredForStaff: boolean): boolean {
  return requiredForStaff && isStaff(role);
}

/**
 * Whether the caller must turn two-factor sign-in on before any call but those enrolment needs
 * (staff under the staff setting who have not enrolled yet).
 */
export function mustEnrolTwoFactor(role: Role, enrolled: boolean, requiredForStaff: boolean): boolean {
  return isTwoFactorRequired(role, requiredForStaff) && !enrolled;
}

/** Portfolios are a designer's. */
export function canConnectPortfolio(actor: Actor): boolean {
  return actor.role === "designer";
}
