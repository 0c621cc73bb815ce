import path from "node:path";
import { buildApp } from "./app.ts";
import { composeContext } from "./compose.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { prepareEmptyDatabase } from "./features/setup/index.ts";
import { createLogger } from "./logger.ts";
import { shutdownOnSignals } from "./operations/index.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    pgliteDir: path.join(config.dataDir, "db"),
    log: logger,
  });
  await database.migrate();
  const ctx = composeContext(config, { database, logger });
  await ctx.jobs.start();
  const { app } = await buildApp(ctx);

  // The full demo workspace is made through the app's own calls, before it takes requests.
  const notice = await prepareEmptyDatabase(ctx, null, {
    demo: config.demo,
    demoPassword: config.demoPassword,
    workspace: config.demo && config.demoWorkspace ? app : undefined,
  });
  await app.listen({ port: config.port, host: config.host });
  const banner = [`${config.productName} is running at ${config.publicUrl}/app/ (${database.kind})`];
  if (notice.kind === "setup") banner.push(`Create the first admin account: ${notice.link}`);
  if (notice.kind === "demo") {
    if (notice.made.length > 0) banner.push("Demo workspace:", ...notice.made.map((line) => `  ${line}`));
    banner.push(`Demo users (password: ${notice.password}):`, ...notice.emails.map((email) => `  ${email}`));
  }
  process.stdout.write(`\n${banner.join("\n")}\n\n`);

  // Graceful within SHUTDOWN_SECONDS: stop taking requests, send event streams elsewhere, let
  // requests in flight and running jobs finish (queued ones wait for another instance).
  shutdownOnSignals({ app, jobs: ctx.jobs, database, log: logger, seconds: config.shutdownSeconds });
}

await main();
