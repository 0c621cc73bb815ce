import { isPlatformTeam, type Role, type User } from "@atelier/shared";
import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { clearToken, getToken, setToken, subscribeToken } from "./token-storage.ts";

export const APP_BASE = "/app";
export const sessionKeys = { me: ["session", "me"] as const };

/** The stored token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** Where a user lands after login (SPEC §2). */
export function homePathForRole(role: Role): string {
  if (role === "designer") return "/schedule";
  if (role === "admin" || role === "projectManager") return "/tasks";
  return "/projects";
}

/** Where the header logo points (SPEC §2): tasks for the platform team, projects otherwise. */
export function logoPathForRole(role: Role): string {
  return isPlatformTeam({ role }) ? "/tasks" : "/projects";
}

/** Stores a fresh session answered by login, signup, reset or setup. */
export function startSession(queryClient: QueryClient, session: { token: string; user: User }): void {
  // Drop what belonged to the previous user, but keep the open screens' lookups (marked
  // `keepAcrossSessions`: setup, invite and reset links): they do not depend on who is signed in,
  // and refetching them now would flash "link not valid" on the screen being left, as the link
  // was just spent.
  queryClient.removeQueries({ predicate: (query) => !query.meta?.keepAcrossSessions });
  queryClient.getMutationCache().clear();
  setToken(session.token);
  queryClient.setQueryData(sessionKeys.me, session.user);
}

/** Only same-app relative paths are followed after login (no open redirects). */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/auth")) return null;
  return next;
}

/** A dead session (401): forget the token and go to login, keeping the deep link. */
export function forceLogout(): void {
  if (getToken() === null) return;
  clearToken();
  const here = window.location.pathname.startsWith(APP_BASE)
    ? window.location.pathname.slice(APP_BASE.length) + window.location.search
    : "/";
  const next = safeNextPath(here);
  window.location.assign(`${APP_BASE}/auth/login${next && next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`);
}

/**
 * Staff who must turn two-factor sign-in on (403 SECOND_FACTOR_REQUIRED on every other call): go
 * to settings, which then shows only the two-factor section with the explanation. A full load,
 * like forceLogout, so no screen's half-failed queries linger; never from settings itself.
 */
export function goToTwoFactorEnrolment(): void {
  const settings = `${APP_BASE}/user/settings`;
  if (window.location.pathname === settings) return;
  window.location.assign(settings);
}

/** Logout (SPEC §4): revoke the token on the server, clear it and reload on the login screen. */
export async function logout(): Promise<void> {
  try {
    await (await import("./session-calls.ts")).revokeSession();
  } finally {
    clearToken();
    window.location.assign(`${APP_BASE}/auth/login`);
  }
}
