import { AsyncLocalStorage } from "node:async_hooks";
import { OWN_EVENTS_HEADER } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { DomainEvent } from "./event.ts";

/**
 * The events a request's changes committed, answered to its caller in OWN_EVENTS_HEADER. The
 * browser tab that made a change already holds its answer, and skips those events on its stream;
 * the same person's other tabs do not have them, and refresh (issue 29: "skip only what the tab
 * itself just did"). Request-scoped like the log's request id (logger.ts), since the unit of
 * work that records the events sits below the route that answers.
 */
const committedByRequest = new AsyncLocalStorage<number[]>();

export function registerOwnEventsHeader(app: FastifyInstance): void {
  app.addHook("onRequest", (_request, _reply, done) => committedByRequest.run([], done));
  app.addHook("onSend", async (_request, reply, payload) => {
    const ids = committedByRequest.getStore();
    if (ids && ids.length > 0) reply.header(OWN_EVENTS_HEADER, ids.join(","));
    return payload;
  });
}

/** Called once a unit of work committed: its events belong to the request being answered, if any. */
export function noteCommittedEvents(events: readonly DomainEvent[]): void {
  if (events.length > 0) committedByRequest.getStore()?.push(...events.map((event) => event.id));
}
