import { Writable } from "node:stream";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { registerRequestLogScope } from "./request-log.ts";

describe("request log scope", () => {
  it("puts the request id on every line a request writes, through the app's logger too, once", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        callback();
      },
    });
    const log = createLogger({ logLevel: "info" }, destination);
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, genReqId: () => crypto.randomUUID() });
    registerRequestLogScope(app);
    app.get("/work", async (request) => {
      // A service logs through the app's logger, after an await, as services do.
      await Promise.resolve();
      log.info("service line");
      request.log.info("route line");
      return { ok: true };
    });
    try {
      const res = await app.inject({ method: "GET", url: "/work" });
      expect(res.statusCode).toBe(200);
      log.info("outside any request");
    } finally {
      await app.close();
    }
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string });
    const reqId = parsed.find((line) => line.msg === "incoming request")?.reqId;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    for (const msg of ["incoming request", "service line", "route line", "request completed"]) {
      expect(parsed.find((line) => line.msg === msg)?.reqId).toBe(reqId);
    }
    // One reqId key per line, not the binding and the scope's both.
    for (const line of lines) expect(line.match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(parsed.find((line) => line.msg === "outside any request")?.reqId).toBeUndefined();
  });
});
