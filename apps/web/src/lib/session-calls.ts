import { authContract } from "@atelier/shared";
import { api } from "./api-client.ts";

// The session's own calls, apart from session.ts (in every screen's first load): the contract's
// schemas (and zod with them) stay out of the open screens, which draw before any call.

export function fetchCurrentUser(signal: AbortSignal) {
  return api(authContract.info, {}, { signal });
}

export function revokeSession() {
  return api(authContract.logout);
}
