import { SESSION_DAYS } from "@atelier/shared";
import { TOKEN_COOKIE_NAME as COOKIE_NAME, TOKEN_STORAGE_KEY as STORAGE_KEY } from "./token-keys.ts";

const COOKIE_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

type Listener = () => void;
const listeners = new Set<Listener>();

function readCookie(): string | null {
  const prefix = `${COOKIE_NAME}=`;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

function writeCookie(value: string | null): void {
  // The cookie is the fallback store SPEC §3 asks for when local storage is unavailable.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser this fallback is for.
  document.cookie =
    value === null
      ? `${COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
      : `${COOKIE_NAME}=${encodeURIComponent(value)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
}

/** The session token: local storage, or a cookie when local storage is unavailable (SPEC §3). */
export function getToken(): string | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // Storage disabled (private mode, policies): fall through to the cookie.
  }
  return readCookie();
}

export function setToken(token: string | null): void {
  let storedLocally = false;
  try {
    if (token === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, token);
    storedLocally = true;
  } catch {
    storedLocally = false;
  }
  if (token === null || !storedLocally) writeCookie(token);
  for (const listener of listeners) listener();
}

export function clearToken(): void {
  setToken(null);
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
