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
 * `POST /v3/platform-notification`, list every current one with `GET .../list` and withdraw one
 * for everybody with `POST .../{id}/withdraw` (SPEC names none of the three; others get 403, an
 * unknown id 404). Withdrawn is gone: a later init does not answer it, for anyone.
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
  list: endpoint({
    method: "GET",
    path: "/v3/platform-notification/list",
    summary: "Every current announcement, dismissed or not, newest first (admin)",
    tag,
    auth: true,
    response: platformNotificationListSchema,
  }),
  withdraw: endpoint({
    method: "POST",
    path: "/v3/platform-notification/:id/withdraw",
    summary: "Withdraws an announcement for everybody: its banner goes from every screen (admin)",
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
