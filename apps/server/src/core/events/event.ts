import type { DomainEventPayloads, DomainEventSubjectType, DomainEventType } from "@atelier/shared";

/** What a service emits inside a unit of work. */
export type DomainEventInput<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    type: K;
    /** who made the change; null for the system (a job, a webhook) */
    actorId: string | null;
    projectId: string | null;
    subject: { type: DomainEventSubjectType; id: string } | null;
    payload: DomainEventPayloads[K];
  };
}[T];

/** An event once its transaction has committed: numbered in the order they were written. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = DomainEventInput<T> & {
  id: number;
  createdAt: Date;
};
