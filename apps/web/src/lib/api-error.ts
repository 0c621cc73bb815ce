import type { ApiErrorBody } from "@atelier/shared";

/** A failed call: the HTTP status plus the server's `{message, code?, fields?}` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  /** true when the server answered with a JSON error body (so `message` is the server's). */
  readonly hasServerMessage: boolean;
  /** false for the open calls (login, reset...): a 401 there is a wrong password, not a dead session. */
  readonly isAuthenticatedCall: boolean;

  constructor(input: {
    status: number;
    message: string;
    code?: string;
    fields?: Record<string, string>;
    hasServerMessage: boolean;
    isAuthenticatedCall: boolean;
  }) {
    super(input.message);
    this.name = "ApiError";
    this.status = input.status;
    this.code = input.code;
    this.fields = input.fields ?? {};
    this.hasServerMessage = input.hasServerMessage;
    this.isAuthenticatedCall = input.isAuthenticatedCall;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((field) => typeof field === "string");

/**
 * The shape of `apiErrorSchema`, checked by hand: every call's failure passes here, and the
 * schema would bring zod into the first load of screens that draw before any call.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== "object" || body === null) return false;
  const { message, code, fields } = body as Record<string, unknown>;
  return (
    typeof message === "string" &&
    (code === undefined || typeof code === "string") &&
    (fields === undefined || isStringRecord(fields))
  );
}

export async function toApiError(response: Response, isAuthenticatedCall: boolean): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (isApiErrorBody(body) && body.message) {
    return new ApiError({
      status: response.status,
      message: body.message,
      code: body.code,
      fields: body.fields,
      hasServerMessage: true,
      isAuthenticatedCall,
    });
  }
  return new ApiError({
    status: response.status,
    message: response.statusText || `Request failed with status ${response.status}`,
    hasServerMessage: false,
    isAuthenticatedCall,
  });
}

export function networkError(isAuthenticatedCall: boolean): ApiError {
  return new ApiError({
    status: 0,
    message: "Network error: check your connection",
    hasServerMessage: false,
    isAuthenticatedCall,
  });
}
