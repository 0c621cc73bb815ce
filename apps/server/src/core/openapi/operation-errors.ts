import { type Endpoint, ERROR_STATUS, type ErrorCode } from "@atelier/shared";

/** Route schema key that carries an operation's error answers to the document (then removed). */
export const ERRORS_KEY = "x-atelier-errors";

/**
 * The error codes a call can answer with, for its OpenAPI responses: what its shape implies
 * (input → 400, a token → 401/403, a body → 413/415, a limit → 429…) and what its contract names.
 * One rule for every call, so a new endpoint is documented without a list to keep in step.
 */
export function errorCodesOf(endpoint: Endpoint, route: { rateLimited: boolean }): ErrorCode[] {
  const hasInput = Boolean(endpoint.params || endpoint.query || endpoint.body || endpoint.multipart);
  const hasBody = Boolean(endpoint.body || endpoint.multipart);
  const codes = new Set<ErrorCode>(endpoint.errors ?? []);
  if (hasInput) codes.add("BAD_INPUT");
  if (endpoint.auth) {
    codes.add("UNAUTHENTICATED");
    codes.add("FORBIDDEN");
    // A signed-in call with input names something (a project, a task…) the caller may not see.
    if (hasInput) codes.add("NOT_FOUND");
    // A change can meet a rule of the product (an archived task, the status flow…).
    if (endpoint.method !== "GET") codes.add("RULE_REFUSED");
  }
  if (endpoint.params) codes.add("NOT_FOUND");
  // Fastify's body limit and content-type check, and the upload's own size and type checks.
  if (hasBody) {
    codes.add("TOO_LARGE");
    codes.add("UNSUPPORTED_TYPE");
  }
  if (route.rateLimited) codes.add("RATE_LIMITED");
  return [...codes];
}

/** The distinct statuses of some codes, in order (403 stands for FORBIDDEN and SECOND_FACTOR_REQUIRED). */
export function statusesOf(codes: readonly ErrorCode[]): number[] {
  return [...new Set(codes.map((code) => ERROR_STATUS[code]))].sort((a, b) => a - b);
}
