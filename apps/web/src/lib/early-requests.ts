import { noteStreamPointRead, streamPointHeaders } from "./stream-point.ts";
import { getToken } from "./token-storage.ts";

/** An early answer is only used by the screen it was started for, while the page is loading. */
const FRESH_MS = 10_000;

interface EarlyRequest {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

const early = new Map<string, EarlyRequest>();

/**
 * Starts a signed-in GET while the first screen's code is still loading (app/first-screen-reads.ts),
 * so the answer is on its way when the screen asks. A URL written here that no call asks for is
 * only a wasted request: the call then fetches as usual.
 */
export function startEarlyGet(url: string): void {
  const token = getToken();
  if (token === null || early.has(url)) return;
  const response = fetch(url, {
    headers: { Accept: "application/json", "Auth-Token": token, ...streamPointHeaders() },
  });
  noteStreamPointRead(response);
  // A failed early request is the call's to report, when it takes it; never an unhandled rejection.
  response.catch(() => {});
  early.set(url, { token, startedAt: Date.now(), response });
}

/** The early answer for this GET, once, when it was asked with the current token and is fresh. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const request = early.get(url);
  if (!request) return undefined;
  early.delete(url);
  if (request.token !== getToken() || Date.now() - request.startedAt > FRESH_MS) return undefined;
  return request.response;
}
