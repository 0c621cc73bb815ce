import { z } from "zod";

/** Every error the API answers with carries one of these codes; the status follows from it. */
export const ERROR_STATUS = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /**
   * Staff who must use two-factor sign-in (TWO_FACTOR_REQUIRED_FOR_STAFF) and have not turned it
   * on yet: every call but those enrolment needs. The web sends them to settings to turn it on.
   */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RULE_REFUSED: 412,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  /** well-formed but unusable content, such as a stored image that does not decode */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /**
   * An outside service we depend on (Stripe, the object store) is unreachable, failing (5xx) or
   * throttling us: temporary, not our fault and not the caller's. 503 rather than 502 so a client
   * or a load balancer reads it as "try again later" (with Retry-After), and so it is not confused
   * with the 502 a load balancer answers itself when an app instance is gone.
   */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
