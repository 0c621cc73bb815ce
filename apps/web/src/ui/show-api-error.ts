import { isApiError } from "../lib/api-error.ts";
import { forceLogout, goToTwoFactorEnrolment } from "../lib/session.ts";
import { globalLoader } from "./global-loader.tsx";
import { toast } from "./toasts.ts";

/** 403 SECOND_FACTOR_REQUIRED: staff who must turn two-factor sign-in on first. */
export function isSecondFactorRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === "SECOND_FACTOR_REQUIRED";
}

export const GENERIC_ERROR = "Something went wrong. Try again later!";

/**
 * The shared error handler of SPEC §8: 'Error: ' + the server's message when it sent one,
 * else the call's fallback text. 401 on an authenticated call logs out; 412 and 500 close the loader.
 * Staff held at two-factor enrolment go to settings instead of a toast.
 */
export function showApiError(error: unknown, fallback: string = GENERIC_ERROR): void {
  if (isApiError(error)) {
    if (error.status === 401 && error.isAuthenticatedCall) {
      forceLogout();
      return;
    }
    if (isSecondFactorRequired(error)) {
      goToTwoFactorEnrolment();
      return;
    }
    if (error.status === 412 || error.status === 500) globalLoader.reset();
    toast.error(error.hasServerMessage ? `Error: ${error.message}` : fallback);
    return;
  }
  if (error instanceof DOMException && error.name === "AbortError") return;
  toast.error(fallback);
}
