import { ERROR_STATUS, type ErrorCode, MESSAGES } from "@atelier/shared";

/** The one error type services throw; the error handler turns it into the JSON error reply. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** seconds the caller should wait (a 429's Retry-After) */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError("NOT_FOUND", message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError("FORBIDDEN", message);
export const unauthenticated = () => new AppError("UNAUTHENTICATED", MESSAGES.notAuthenticated);
/** One message for a wrong e-mail and a wrong password, so it does not reveal which accounts exist. */
export const invalidLogin = () => new AppError("UNAUTHENTICATED", MESSAGES.invalidLogin);
export const badInput = (fields: Record<string, string>) =>
  new AppError("BAD_INPUT", Object.values(fields)[0] ?? "Invalid input", fields);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError("CONFLICT", message, fields);
export const ruleRefused = (message: string, fields?: Record<string, string>) =>
  new AppError("RULE_REFUSED", message, fields);
/**
 * An outside service (Stripe, the object store) is down, failing or throttling us: 503 with a
 * message for the person, the service's own error kept as the cause for the log.
 */
export const unavailable = (message: string, cause: unknown) =>
  new AppError("UNAVAILABLE", message, undefined, { cause });
