import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";

/**
 * The request being answered, for log lines written while it runs. Fastify's own request logger
 * already carries `reqId`; lines written through the app's logger (services, the event bus, the
 * job queue sending) get it from here, so every line of a request can be found by its id.
 */
export const requestLogScope = new AsyncLocalStorage<{ reqId: string; requestLog: Logger | object }>();

export function createLogger(config: Pick<Config, "logLevel">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: ['req.headers["auth-token"]', "req.headers.authorization"],
    mixin: (_merge, _level, logger) => {
      const scope = requestLogScope.getStore();
      return scope && logger !== scope.requestLog ? { reqId: scope.reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
