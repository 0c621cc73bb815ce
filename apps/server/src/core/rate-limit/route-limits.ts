import type { Endpoint } from "@atelier/shared";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Actor } from "../context.ts";
import { tooManyRequests } from "./rate-limits.ts";

/** One limit on a route: at most `max` calls per `timeWindow` per key. */
export interface RouteLimit {
  max: number;
  /** in @fastify/rate-limit's `ms` format: "1 minute", "15 minutes", "1 hour" */
  timeWindow: string;
  /**
   * Whose count: the client address (the default), the signed-in user, or a key read from the
   * validated request (so invalid input does not count).
   */
  keyBy?: "address" | "user" | ((request: FastifyRequest) => string);
  /** Routes that give the same name share one count (sending and re-sending invites). */
  name?: string;
  /** Callers this limit does not apply to (platform staff, who can list accounts anyway). */
  exempt?: (actor: Actor) => boolean;
}

/** Checks a route's limits for one call; throws the 429 (with Retry-After) when one is used up. */
export type RouteLimiter = (request: FastifyRequest, reply: FastifyReply, actor: Actor | null) => Promise<void>;

/**
 * The client's address as limits count it: Fastify's `request.ip` (the socket's, or what the
 * proxies TRUST_PROXY names report), an IPv6 address by its /64 as @fastify/rate-limit does.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * The limiter of one route, counting through @fastify/rate-limit (`createRateLimit`) and so in
 * its shared store. It runs in the handler, after validation and authentication, so a limit can
 * be keyed by the body or the signed-in user; several limits on one route all count.
 */
export function createRouteLimiter(
  app: FastifyInstance,
  endpoint: Pick<Endpoint, "method" | "path" | "auth">,
  limits: RouteLimit | RouteLimit[] | undefined,
): RouteLimiter {
  const list = limits === undefined ? [] : Array.isArray(limits) ? limits : [limits];
  if (!endpoint.auth && list.some((limit) => limit.keyBy === "user")) {
    throw new Error(`${endpoint.path} is open; it has no user to limit`);
  }
  const checks = list.map((limit, index) => {
    const name = limit.name ?? `${endpoint.method} ${endpoint.path}#${index}`;
    const keys = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: (request) => keys.get(request) ?? name,
    });
    return async (request: FastifyRequest, actor: Actor | null) => {
      if (actor && limit.exempt?.(actor)) return;
      keys.set(request, `${name}|${keyOf(limit, request, actor)}`);
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw tooManyRequests({ retryAfterSeconds: result.ttlInSeconds });
    };
  });
  // The reply is not needed: the 429 carries its wait, and the error handler writes Retry-After.
  return async (request, _reply, actor) => {
    for (const check of checks) await check(request, actor);
  };
}

function keyOf(limit: RouteLimit, request: FastifyRequest, actor: Actor | null): string {
  const by = limit.keyBy ?? "address";
  if (by === "address") return clientAddress(request);
  if (by === "user") {
    if (!actor) throw new Error("a per-user limit needs a signed-in caller");
    return actor.id;
  }
  return by(request);
}
