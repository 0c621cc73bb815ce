import type { Redis } from "ioredis";
import type { HitCounter, Hits } from "./counter.ts";

// INCR, then (re)start the window on the first hit, on a key without expiry, or on the locking hit.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
local window = tonumber(ARGV[1])
local lockAt = tonumber(ARGV[2])
if count == 1 or ttl < 0 or (lockAt > 0 and count >= lockAt) then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {count, ttl}
`;

const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(count), ttl}
`;

/** The services' counts in Redis (REDIS_URL), beside @fastify/rate-limit's own. */
export function createRedisCounter(redis: Redis, prefix: string): HitCounter {
  return {
    async hit(key, { windowMs, lockAt }) {
      return toHits(await redis.eval(HIT, 1, prefix + key, windowMs, lockAt ?? 0));
    },
    async read(key) {
      return toHits(await redis.eval(READ, 1, prefix + key));
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

function toHits(reply: unknown): Hits {
  if (!Array.isArray(reply) || typeof reply[0] !== "number" || typeof reply[1] !== "number") {
    throw new Error("unexpected reply from the Redis rate-limit script");
  }
  return { count: reply[0], ttlMs: reply[1] };
}
