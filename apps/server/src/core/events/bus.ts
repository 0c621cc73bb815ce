import type { Logger } from "pino";
import type { DomainEvent } from "./event.ts";

export type EventListener = (event: DomainEvent) => void | Promise<void>;

/**
 * Hands committed events to whoever listens (realtime streams, notification mail). In process
 * here; a cross-instance bus (PostgreSQL LISTEN/NOTIFY) implements the same interface.
 */
export interface EventBus {
  publish(events: readonly DomainEvent[]): void;
  subscribe(listener: EventListener): () => void;
}

export function createInProcessEventBus(log: Logger): EventBus {
  const listeners = new Set<EventListener>();
  const deliver = async (listener: EventListener, event: DomainEvent) => {
    try {
      await listener(event);
    } catch (error) {
      // One listener's failure must not stop the others or reach the request that committed.
      log.error({ err: error, eventId: event.id, type: event.type }, "event listener failed");
    }
  };
  return {
    publish(events) {
      for (const event of events) for (const listener of listeners) void deliver(listener, event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
