import { z } from "zod";
import { idSchema, textSchema } from "./common.ts";

/** Longest announcement text: a banner line or two, not a page. */
export const PLATFORM_NOTIFICATION_MAX_LENGTH = 500;

/** A platform announcement as every signed-in person sees it (a banner until they dismiss it). */
export const platformNotificationSchema = z.object({
  id: idSchema,
  message: z.string(),
  /** epoch ms */
  createdAt: z.number().int(),
});
export type PlatformNotification = z.infer<typeof platformNotificationSchema>;

export const platformNotificationListSchema = z.object({ items: z.array(platformNotificationSchema) });

export const createPlatformNotificationSchema = z.object({
  message: textSchema()
    .trim()
    .min(1, { message: "Write the announcement" })
    .max(PLATFORM_NOTIFICATION_MAX_LENGTH, {
      message: `At most ${PLATFORM_NOTIFICATION_MAX_LENGTH} characters`,
    }),
});
export type CreatePlatformNotificationInput = z.input<typeof createPlatformNotificationSchema>;
