import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../test/s3-server.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { openTestDatabase } from "../../test/test-database.ts";
import { queueMail } from "../mail/queue-mail.ts";

const METRICS_TOKEN = "metrics-token-for-the-tests-0123";

const get = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, headers: res.headers, text: res.payload };
};

/** The value of one series in a Prometheus text answer, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("health probes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it("/health/live answers while the process runs, without data", async () => {
    const res = await get(t, "/health/live");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: "live" });
    expect(res.headers["cache-control"]).toBe("no-store");
    // Each app counts its own requests (tests build several in one process): this one's only.
    const scraped = await get(t, "/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(sample(scraped.text, 'http_requests_total{method="GET",route="/health/live",status="200"}')).toBe(1);
  });

  it("/health/ready answers 200 when database, migrations and storage are fine", async () => {
    const res = await get(t, "/health/ready");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: "ready" });
  });

  it("is not rate-limited: a probe burst all answers 200", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => get(t, "/health/ready")));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });

  it("answers 503 while the database lacks a migration this code ships, and 200 once it has it", async () => {
    const newest = (await t.ctx.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> };
    const row = newest.rows[0];
    if (!row) throw new Error("no migration recorded");
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    const behind = await get(t, "/health/ready");
    expect(behind.status).toBe(503);
    expect(JSON.parse(behind.text)).toEqual({ status: "unavailable" });
    await t.ctx.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
    );
    expect((await get(t, "/health/ready")).status).toBe(200);
  });
});

describe("readiness with S3 storage", () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 200 while the bucket answers and 503 once the store is down", async () => {
    expect((await get(t, "/health/ready")).status).toBe(200);
    await s3.close();
    const down = await get(t, "/health/ready");
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text)).toEqual({ status: "unavailable" });
    // Liveness is the process only: a store that is down is no reason to restart it.
    expect((await get(t, "/health/live")).status).toBe(200);
  });

  it("has no /metrics without METRICS_TOKEN (404)", async () => {
    const res = await get(t, "/metrics", { authorization: "Bearer anything-at-all-012345" });
    expect(res.status).toBe(404);
  });
});

describe("readiness when the database is down", () => {
  it("answers 503", async () => {
    const { database, drop } = await openTestDatabase();
    const t = await createTestApp({}, {}, { database });
    try {
      expect((await get(t, "/health/ready")).status).toBe(200);
      await database.close();
      const down = await get(t, "/health/ready");
      expect(down.status).toBe(503);
      expect(JSON.parse(down.text)).toEqual({ status: "unavailable" });
    } finally {
      await t.close();
      await drop();
    }
  });
});

describe("metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_TOKEN },
      {
        mailer: {
          send: async () => {
            throw new Error("the mail server refused");
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const metrics = () => get(t, "/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });

  it("needs the token as a bearer token", async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-token-0123456789" },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const res = await get(t, "/metrics", headers);
      expect(res.status).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain("http_requests_total");
    }
  });

  it("counts requests by route pattern and status, not by URL", async () => {
    await get(t, "/health/live");
    await get(t, "/health/live");
    // Two different projects, one series: the pattern is the label.
    await get(t, `/v3/project/get/${randomUUID()}`);
    await get(t, `/v3/project/get/${randomUUID()}`);
    await get(t, `/no/such/${randomUUID()}`);
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(sample(text, 'http_requests_total{method="GET",route="/health/live",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/v3/project/get/:id",status="401"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    expect(text).not.toMatch(/route="\/no\/such/);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/v3/project/get/:id",status="401"}'),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/health/live",status="200"}'),
    ).toBe(2);
    // The scrape itself is the one request in flight.
    expect(sample(text, "http_requests_in_flight")).toBe(1);
    expect(sample(text, "atelier_event_streams_open")).toBe(0);
    expect(sample(text, "atelier_db_pool_waiting")).toBe(0);
    // PostgreSQL's pool (10 unless DATABASE_POOL_MAX says otherwise); embedded PGlite has none.
    if (t.database.kind === "postgres") expect(sample(text, 'atelier_db_pool_connections{state="max"}')).toBe(10);
    else expect(text).not.toContain("atelier_db_pool_connections{");
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("shows the job queue's depth and counts failed jobs and e-mails", async () => {
    await queueMail(t.ctx, { to: "someone@atelier.test", subject: "Hello", text: "Hello" });
    const queued = (await metrics()).text;
    expect(sample(queued, 'atelier_jobs{queue="mail.send",state="created"}')).toBe(1);
    expect(sample(queued, "atelier_mail_send_failures_total")).toBe(0);

    await t.drainJobs();
    const after = (await metrics()).text;
    expect(sample(after, 'atelier_job_failures_total{queue="mail.send"}')).toBe(1);
    expect(sample(after, "atelier_mail_send_failures_total")).toBe(1);
    // Refused once, it waits for its retry.
    expect(sample(after, 'atelier_jobs{queue="mail.send",state="retry"}')).toBe(1);
    expect(sample(after, 'atelier_jobs{queue="mail.send",state="created"}')).toBeUndefined();
  });
});
