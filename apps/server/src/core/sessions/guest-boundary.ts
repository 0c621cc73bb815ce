import { contract, type Endpoint, GUEST_TOKEN_HEADER, GUEST_TOKEN_PREFIX } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound } from "../errors.ts";
import { bearerTokenOf } from "./api-tokens.ts";

/**
 * The one keeper of the guest boundary (issue 23, docs/decisions/059): a guest reviewer's token
 * reaches the guest calls of the contract (`guest: true`) and nothing else. Any other call that
 * comes with one — in `Guest-Token`, or misplaced in `Auth-Token` or `Authorization: Bearer`
 * (recognised by its `atg_` prefix) — answers 404 before routing's own checks, as if the call did
 * not exist. Session and API-token lookups never see a guest token: guests live in their own
 * table and the prefix is refused here first, so no guest can be mistaken for a user.
 */
const GUEST_ROUTES = new Set(
  Object.values(contract)
    .flatMap((group) => Object.values(group as Record<string, Endpoint>))
    .filter((endpoint) => endpoint.guest)
    .map((endpoint) => `${endpoint.method} ${endpoint.path}`),
);

function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/** Whether the request carries a guest token anywhere a credential could be. */
export function carriesGuestToken(request: FastifyRequest): boolean {
  if (single(request.headers[GUEST_TOKEN_HEADER]) !== undefined) return true;
  const session = single(request.headers["auth-token"]);
  if (session?.startsWith(GUEST_TOKEN_PREFIX)) return true;
  return bearerTokenOf(request)?.startsWith(GUEST_TOKEN_PREFIX) ?? false;
}

export function isGuestRoute(request: FastifyRequest): boolean {
  return GUEST_ROUTES.has(`${request.method} ${request.routeOptions.url}`);
}

export function registerGuestBoundary(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (carriesGuestToken(request) && !isGuestRoute(request)) throw notFound();
  });
}
