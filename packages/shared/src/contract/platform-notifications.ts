import { idParams, okSchema } from "../schemas/common.ts";
import {
  createPlatformNotificationSchema,
  platformNotificationListSchema,
  platformNotificationSchema,
} from "../schemas/platform-notification.ts";
import { endpoint } from "./endpoint.ts";

const tag = "platform-notifications";

/**
 * Platform announcements (SPEC §7 names init and dismiss). Contract decisions: init answers
 * `{items}` newest first, every announcement the caller has not dismissed (there are few: no
 * paging); dismissing is per person and idempotent (an unknown id is 404); admins publish with
 * `POST /v3/platform-notification`, which SPEC does not name.
 */
export const platformNotificationsContract = {
  init: endpoint({
    method: "GET",
    path: "/v3/platform-notification/init",
    summary: "The announcements the caller has not dismissed, newest first",
    tag,
    auth: true,
    response: platformNotificationListSchema,
  }),
  dismiss: endpoint({
    method: "DELETE",
    path: "/v3/platform-notification/:id",
    summary: "Dismisses one announcement for the caller",
    tag,
    auth: true,
    params: idParams,
    response: okSchema,
  }),
  create: endpoint({
    method: "POST",
    path: "/v3/platform-notification",
    summary: "Publishes an announcement to everyone (admin)",
    tag,
    auth: true,
    body: createPlatformNotificationSchema,
    response: platformNotificationSchema,
  }),
};
