import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { HitCounter } from "./counter.ts";

type Incr = FastifyRateLimitStore["incr"];
type Callback = Parameters<Incr>[1];

/**
 * @fastify/rate-limit's custom store (its README: `constructor(options)`, `incr`, `child`) over
 * a shared counter, so a route's count is one for every instance. A child store counts under
 * its route's method and URL, as the plugin's own stores do.
 */
export function counterStore(counter: HitCounter): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = "route|",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      void counter.hit(this.prefix + key, { windowMs: timeWindow }).then(
        (hits) => callback(null, { current: hits.count, ttl: hits.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** `{ increment: false }` peeks: the count without counting. */
    read(key: string, callback: Callback): void {
      void counter.read(this.prefix + key).then(
        (hits) => callback(null, { current: hits.count, ttl: hits.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const name = route?.method && route.url ? `${String(route.method)} ${String(route.url)}|` : "";
      return new CounterStore(routeOptions, `${this.prefix}${name}`);
    }
  }
  return CounterStore;
}
