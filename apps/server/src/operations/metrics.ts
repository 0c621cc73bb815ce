import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../core/context.ts";
import { openEventStreamCount } from "../core/event-stream-route.ts";
import { JOB_SCHEMA } from "../db/job-schema.ts";
import { quietLogging } from "./health.ts";

/** A request's route when no route matched (404s): one label value, whatever the URL was. */
const UNMATCHED = "(unmatched)";
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const jobCounts = sql.raw(
  `select name, state::text as state, count(*)::int as n from ${JOB_SCHEMA}.job
   where state in ('created', 'retry', 'active', 'failed') group by name, state`,
);

/**
 * `GET /metrics` in Prometheus text (DESIGN §2, operations), for `METRICS_TOKEN` as a bearer
 * token; without the setting there is no such route (404). Each app has its own registry, so
 * several apps in one process (the tests) count apart. Requests are labelled by route pattern
 * (`/v3/project/get/:id`), never by URL, so the number of series stays bounded.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  let openRequests = 0;
  new Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered now (open event streams not counted)",
    registers: [registry],
    collect() {
      this.set(Math.max(0, openRequests - openEventStreamCount(app)));
    },
  });
  new Gauge({
    name: "atelier_event_streams_open",
    help: "Realtime event streams this instance holds open",
    registers: [registry],
    collect() {
      this.set(openEventStreamCount(app));
    },
  });

  const pool = new Gauge({
    name: "atelier_db_pool_connections",
    help: "PostgreSQL pool connections by state (in_use, idle) and the pool's max (embedded PGlite: none)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = ctx.database.poolStats?.();
      if (!stats) return;
      pool.set({ state: "in_use" }, stats.inUse);
      pool.set({ state: "idle" }, stats.idle);
      pool.set({ state: "max" }, stats.max);
    },
  });
  new Gauge({
    name: "atelier_db_pool_waiting",
    help: "Queries waiting for a PostgreSQL pool connection",
    registers: [registry],
    collect() {
      this.set(ctx.database.poolStats?.().waiting ?? 0);
    },
  });

  const jobs = new Gauge({
    name: "atelier_jobs",
    help: "Background jobs in the queue by queue and state: created and retry wait to run, active run, failed gave up (the whole fleet's, read from the database)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      jobs.reset();
      try {
        const result = (await ctx.db.execute(jobCounts)) as unknown as {
          rows: Array<{ name: string; state: string; n: number }>;
        };
        for (const row of result.rows) jobs.set({ queue: row.name, state: row.state }, row.n);
      } catch (error) {
        // The rest of the answer still helps while the database does not.
        ctx.log.warn({ err: error }, "metrics: could not count the job queue");
      }
    },
  });
  const jobFailures = new Counter({
    name: "atelier_job_failures_total",
    help: "Job attempts that failed on this instance, by queue (each retry counts)",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: "atelier_mail_send_failures_total",
    help: "E-mails the mail server (or the outbox) refused on this instance; each is tried again by its job",
    registers: [registry],
  });
  ctx.jobs.onFailure((name) => {
    jobFailures.inc({ queue: name });
    if (name === "mail.send") mailFailures.inc();
  });

  app.addHook("onRequest", (_request, reply, done) => {
    openRequests += 1;
    // A streamed answer (a static file, a download) carries about a dozen close listeners, all
    // released with the response: fastify's stream and thenable, multipart's clean-up, this one.
    // Node's default warning at 11 would only be noise.
    reply.raw.setMaxListeners(20);
    // The response's close: it comes for answered, abandoned and hijacked (streamed) requests.
    reply.raw.once("close", () => {
      openRequests -= 1;
    });
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const token = ctx.config.metricsToken;
  if (token !== undefined) {
    const expected = digest(token);
    app.get(
      "/metrics",
      { ...quietLogging(ctx), config: { rateLimit: false }, schema: { hide: true } },
      async (request, reply) => {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
        if (given === undefined || !timingSafeEqual(digest(given), expected)) {
          return reply
            .status(401)
            .header("www-authenticate", 'Bearer realm="metrics"')
            .send({ message: "Metrics need the metrics token", code: "UNAUTHENTICATED" });
        }
        const text = await registry.metrics();
        return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
      },
    );
  }
  return registry;
}

/** Equal-length digests, so comparing them takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
