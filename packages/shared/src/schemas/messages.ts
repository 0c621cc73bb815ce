import { z } from "zod";
import { NOTIFICATION_KINDS } from "../notification-kinds.ts";
import { idSchema, pageQuery } from "./common.ts";
import { unreadCountSchema } from "./messages-badge.ts";

export { unreadCountSchema };

/** SPEC §3 Message feed: one message, with the project it belongs to for grouping. */
export const feedMessageSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  projectName: z.string(),
  senderName: z.string(),
  text: z.string(),
  timestamp: z.number().int(),
  link: z.string(),
  type: z.enum(NOTIFICATION_KINDS),
  taskId: idSchema.nullable(),
  taskName: z.string(),
  seen: z.boolean(),
});
export type FeedMessage = z.infer<typeof feedMessageSchema>;

export const FEED_PAGE_SIZE = 20;
export const feedQuerySchema = z.object({ ...pageQuery(FEED_PAGE_SIZE) });

/** `POST /v3/project/notificationsSeen ?id`; `taskId` narrows it to one task (a click on a message). */
export const notificationsSeenQuerySchema = z.object({ id: idSchema, taskId: idSchema.optional() });

/** The person's notification settings: unread notifications by e-mail while away (on by default). */
export const notificationSettingsSchema = z.object({ emailDigest: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
