import { z } from "zod";
import { STREAM_POINT_PATTERN } from "../events.ts";
import { NOTIFICATION_KINDS } from "../notification-kinds.ts";
import { idSchema, textSchema } from "./common.ts";

/** The answer of `GET /chat/channel/{id}/init`: the stream's token and when it stops being accepted. */
export const channelTokenSchema = z.object({
  token: z.string(),
  /** epoch ms */
  expiresAt: z.number().int(),
  /** the stream to open with it (the contract's `realtime.stream` path, filled in) */
  streamPath: z.string(),
});
export type ChannelToken = z.infer<typeof channelTokenSchema>;

/**
 * `lastEventId` stands in for the Last-Event-ID header when the browser opens a new EventSource
 * with a fresh token (a new EventSource cannot set the header; its own reconnects do).
 */
export const channelStreamQuerySchema = z.object({
  token: textSchema().min(1).max(2000),
  lastEventId: textSchema()
    .regex(/^\d{1,15}$/)
    .optional(),
  /** Without a Last-Event-ID: the point the browser's reads were answered at (STREAM_POINT_HEADER). */
  point: textSchema().regex(STREAM_POINT_PATTERN).optional(),
});

/**
 * SPEC §3 Notification item (derived), exactly its fields. `commentType` carries the kind of
 * NOTIFICATION_KINDS; `commentCount` is how many of the person's notifications on the same task
 * are unread, this one included (contract decision: SPEC names the field without its meaning).
 */
export const notificationItemSchema = z.object({
  taskName: z.string(),
  taskId: idSchema.nullable(),
  commentTime: z.number().int(),
  userFullName: z.string(),
  commentType: z.enum(NOTIFICATION_KINDS),
  link: z.string(),
  notificationsSeen: z.boolean(),
  fileName: z.string().nullable(),
  commentCount: z.number().int(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/**
 * One Server-Sent Event of the realtime stream; its SSE id is the event's id (the stream's
 * Last-Event-ID), one message per event, so a resume never splits one. `change` tells open
 * screens what changed (the payload redacted for the caller) and, when the change notified the
 * caller, carries the notification (SPEC's `per-user-notifications/{userId}` feed) with the
 * unread count; `tokenExpired` (no id) ends the stream: fetch a new token and reconnect.
 */
export const streamMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("change"),
    type: z.string(),
    projectId: idSchema.nullable(),
    subject: z.object({ type: z.string(), id: z.string() }).nullable(),
    actorId: idSchema.nullable(),
    at: z.number().int(),
    payload: z.record(z.string(), z.unknown()),
    notification: z
      .object({ projectId: idSchema, item: notificationItemSchema, unreadCount: z.number().int() })
      .nullable(),
  }),
  z.object({ kind: z.literal("tokenExpired") }),
]);
export type StreamMessage = z.infer<typeof streamMessageSchema>;
