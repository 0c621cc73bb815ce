import { createHmac } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX, WEBHOOK_TEST_EVENT } from "@atelier/shared";

/**
 * Standard Webhooks (standardwebhooks.com): the signature is the base64 HMAC-SHA256, under the
 * secret's bytes (base64 after `whsec_`), of `<id>.<timestamp>.<body>`, sent as `v1,<signature>`.
 */
export function signatureOf(secret: string, message: { id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  const mac = createHmac("sha256", key).update(`${message.id}.${message.timestamp}.${message.body}`).digest("base64");
  return `v1,${mac}`;
}

/** The headers of one attempt: the same id on every attempt, a fresh timestamp (seconds) and signature. */
export function messageHeaders(secret: string, message: { id: string; body: string; now: Date }) {
  const timestamp = Math.floor(message.now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Atelier-Webhooks/1",
    "webhook-id": message.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureOf(secret, { id: message.id, timestamp, body: message.body }),
  };
}

/** A domain event as the receiver gets it: `{ type, timestamp, data }`, Standard Webhooks' payload shape. */
export function eventBody(event: {
  id: number;
  type: string;
  projectId: string | null;
  actorId: string | null;
  subject: { type: string; id: string } | null;
  createdAt: Date;
  payload: Record<string, unknown>;
}): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: {
      eventId: event.id,
      projectId: event.projectId,
      actorId: event.actorId,
      subject: event.subject,
      payload: event.payload,
    },
  });
}

/** The "Send test" message: names the webhook and nothing else. */
export function testBody(webhook: { id: string; projectId: string | null }, now: Date): string {
  return JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { webhookId: webhook.id, projectId: webhook.projectId },
  });
}
