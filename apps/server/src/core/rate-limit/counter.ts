/** How many hits a key has in its current window, and how long that window still runs. */
export interface Hits {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counts that every instance shares (the database, or Redis with REDIS_URL): what
 * @fastify/rate-limit counts per route, and the services' own counts of failures per account.
 */
export interface HitCounter {
  /**
   * Counts one hit on `key`; its window of `windowMs` starts at its first hit. With `lockAt`, the
   * hit that brings the count to it (or beyond) starts a fresh full window, so a lock lasts
   * `windowMs` from the hit that set it, however the earlier hits were spread.
   */
  hit(key: string, options: { windowMs: number; lockAt?: number }): Promise<Hits>;
  /** The count so far without counting; 0 once the window has ended. */
  read(key: string): Promise<Hits>;
  clear(key: string): Promise<void>;
}
