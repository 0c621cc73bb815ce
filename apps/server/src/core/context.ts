import path from "node:path";
import type { Role } from "@atelier/shared";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { defineMailJob } from "../mail/queue-mail.ts";
import { createPaymentGateway, type PaymentGateway } from "../payments/gateway.ts";
import { createStorage, type Storage } from "../storage/index.ts";
import { createInProcessEventBus, type EventBus } from "./events/bus.ts";
import type { EventWriter, EventWriterDeps } from "./events/writes.ts";
import type { Jobs } from "./jobs/jobs.ts";
import { createPgBossJobs } from "./jobs/pg-boss-jobs.ts";
import type { PersonalDataSource } from "./personal-data.ts";
import { createRateLimits, type RateLimits } from "./rate-limit/rate-limits.ts";

/** What services need from the outside world, passed explicitly (no globals). */
export interface AppContext {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentGateway;
  /** committed domain events, to whoever listens (realtime, notifications) */
  events: EventBus;
  /** background work that survives failures and restarts */
  jobs: Jobs;
  /** what features write in a unit of work because of its events (notification rows) */
  eventWriters: readonly EventWriter[];
  /** what every feature stores about people, in the order export and removal visit them */
  personalData: readonly PersonalDataSource[];
  /** the database handle itself (LISTEN for cross-instance realtime, the pool's state for metrics) */
  database: Pick<Database, "kind" | "listen" | "poolStats">;
  /** where rate limits and failed attempts are counted, one count for every instance */
  rateLimits: RateLimits;
}

/** The adapters that stand for the outside world; tests replace only these. */
export type Adapters = Pick<AppContext, "mailer" | "storage" | "payments" | "events">;

/** What the features bring to the context; the composition root (src/compose.ts) gathers it. */
export interface FeatureParts {
  eventWriters: (deps: EventWriterDeps) => readonly EventWriter[];
  personalData: readonly PersonalDataSource[];
}

/**
 * Chooses each adapter from the settings (DESIGN §2: local disk or S3, outbox or SMTP, manual
 * payments or Stripe, in-process or cross-instance events) and defines the mail job. The
 * features' jobs are defined by the composition root once the context exists; no job is started
 * here: `main.ts` starts them with the server and stops them on shutdown.
 */
export function createContext(
  config: Config,
  options: { database: Database; logger: Logger; adapters?: Partial<Adapters>; features: FeatureParts },
): AppContext {
  const { database, logger: log } = options;
  const adapters: Adapters = {
    mailer:
      options.adapters?.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, "outbox"),
        from: config.mailFrom,
        log,
      }),
    storage: options.adapters?.storage ?? createStorage(config, log),
    payments: options.adapters?.payments ?? createPaymentGateway(config),
    events: options.adapters?.events ?? createInProcessEventBus(log),
  };
  const jobs = createPgBossJobs({
    execute: database.execute,
    log,
    lease: config.jobs,
    schedules: config.jobs.schedules,
  });
  defineMailJob(jobs, adapters.mailer, { db: database.db, retrySeconds: config.mailRetrySeconds });
  return {
    db: database.db,
    config,
    log,
    jobs,
    ...adapters,
    eventWriters: options.features.eventWriters({ jobs, config }),
    personalData: options.features.personalData,
    database,
    rateLimits: createRateLimits({ redisUrl: config.redisUrl, db: database.db, log }),
  };
}

/** The signed-in user acting on a call. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  name: string;
  surname: string;
  /** the session the call came with; for an API token, the token's id (see `apiTokenId`) */
  sessionId: string;
  /** set when the call came with a personal API token instead of a session */
  apiTokenId?: string | undefined;
}
