import { MESSAGES } from "@atelier/shared";
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { HitCounter } from "./counter.ts";
import { createRedisCounter } from "./redis-counter.ts";
import { createDatabaseCounter } from "./repo.ts";
import { counterStore } from "./store.ts";

/** Where every limit counts, chosen once from the settings (DESIGN §2; decision 028). */
export interface RateLimits {
  /** the services' own counts (failures per account) */
  counter: HitCounter;
  /** where @fastify/rate-limit counts the routes' limits: the same counter, or Redis itself */
  pluginOptions: Pick<RateLimitPluginOptions, "store" | "redis" | "nameSpace">;
  close(): Promise<void>;
}

/**
 * In the app's database (one count for every instance on it) or, with `redisUrl`, in Redis
 * through @fastify/rate-limit's own Redis store. A counting store that cannot be reached fails
 * the call (500) rather than letting it through uncounted.
 */
export function createRateLimits(options: { redisUrl: string | undefined; db: Db; log: Logger }): RateLimits {
  if (options.redisUrl) {
    // @fastify/rate-limit's README: fail fast instead of ioredis's long default retries.
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on("error", (error) => options.log.warn({ err: error }, "rate-limit Redis connection error"));
    return {
      counter: createRedisCounter(redis, "atelier-count:"),
      pluginOptions: { redis, nameSpace: "atelier-rate-limit:" },
      close: async () => {
        await redis.quit();
      },
    };
  }
  const counter = createDatabaseCounter(options.db);
  return { counter, pluginOptions: { store: counterStore(counter) }, close: async () => {} };
}

/**
 * The 429 of every limit: with the wait when it is known, in the text and as Retry-After (the
 * one error handler writes the header); a limit with a text of its own keeps it.
 */
export const tooManyRequests = (options: { retryAfterSeconds?: number; message?: string } = {}) => {
  const wait = options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  const message =
    options.message ?? (wait === undefined ? MESSAGES.tooManyRequests : MESSAGES.tooManyRequestsFor(wait));
  return new AppError("RATE_LIMITED", message, undefined, wait === undefined ? {} : { retryAfterSeconds: wait });
};
