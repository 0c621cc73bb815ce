import {
  SECOND_FACTOR_FAILURES_MAX,
  SECOND_FACTOR_LOCK_MINUTES,
  SIGN_IN_FAILURES_MAX,
  SIGN_IN_LOCK_MINUTES,
} from "@atelier/shared";
import type { RateLimits } from "./rate-limits.ts";

/**
 * Failures one account may take, from any address and any instance, before that door is locked
 * for `minutes` (counted from the failure that locked it).
 */
export interface FailureLimit {
  name: string;
  max: number;
  minutes: number;
}

/** Wrong passwords per e-mail (known or not, so the answer never tells which accounts exist). */
export const SIGN_IN_FAILURES: FailureLimit = {
  name: "sign-in-failures",
  max: SIGN_IN_FAILURES_MAX,
  minutes: SIGN_IN_LOCK_MINUTES,
};

/** Wrong second-factor codes per account, across its sign-in challenges. */
export const SECOND_FACTOR_FAILURES: FailureLimit = {
  name: "second-factor-failures",
  max: SECOND_FACTOR_FAILURES_MAX,
  minutes: SECOND_FACTOR_LOCK_MINUTES,
};

type Counted = { rateLimits: Pick<RateLimits, "counter"> };

const keyOf = (limit: FailureLimit, subject: string) => `${limit.name}|${subject}`;

/** Whether `subject` has used up its failures and is locked out for the rest of the lock. */
export async function isLockedOut(ctx: Counted, limit: FailureLimit, subject: string): Promise<boolean> {
  const { count } = await ctx.rateLimits.counter.read(keyOf(limit, subject));
  return count >= limit.max;
}

/** Seconds until the subject's lock ends, or null when it is not locked. */
export async function lockedForSeconds(ctx: Counted, limit: FailureLimit, subject: string): Promise<number | null> {
  const { count, ttlMs } = await ctx.rateLimits.counter.read(keyOf(limit, subject));
  return count >= limit.max ? Math.max(1, Math.ceil(ttlMs / 1000)) : null;
}

/** Counts one failure; true for the one that sets the lock (once per lock: tell the owner then). */
export async function countFailure(ctx: Counted, limit: FailureLimit, subject: string): Promise<boolean> {
  const { count } = await ctx.rateLimits.counter.hit(keyOf(limit, subject), {
    windowMs: limit.minutes * 60_000,
    lockAt: limit.max,
  });
  return count === limit.max;
}

/** After a success: earlier failures no longer count towards a lock. */
export async function clearFailures(ctx: Counted, limit: FailureLimit, subject: string): Promise<void> {
  await ctx.rateLimits.counter.clear(keyOf(limit, subject));
}
