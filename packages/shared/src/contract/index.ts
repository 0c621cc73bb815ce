import { authContract } from "./auth.ts";
import { billingContract } from "./billing.ts";
import { designsContract } from "./designs.ts";
import type { Endpoint } from "./endpoint.ts";
import { filesContract } from "./files.ts";
import { guestReviewContract, guestSharesContract } from "./guest-review.ts";
import { hoursContract } from "./hours.ts";
import { inboundMailContract } from "./inbound-mail.ts";
import { apiTokensContract, calendarContract } from "./integrations.ts";
import { invoicesContract } from "./invoices.ts";
import { messagesContract } from "./messages.ts";
import { unreadCountEndpoint } from "./messages-badge.ts";
import { collectOperationIds } from "./operation-ids.ts";
import { platformNotificationsContract } from "./platform-notifications.ts";
import { portfolioContract, privacyContract, twoFactorContract } from "./privacy.ts";
import { projectsContract } from "./projects.ts";
import { realtimeContract } from "./realtime.ts";
import { reviewRoundsContract } from "./review-rounds.ts";
import { taskCommentsContract } from "./task-comments.ts";
import { tasksContract } from "./tasks.ts";
import { unseenProjectsEndpoint } from "./unseen-projects.ts";
import { profileContract, usersContract } from "./users.ts";
import { webhooksContract } from "./webhooks.ts";

export * from "./endpoint.ts";
export {
  AVATAR_CONTENT_TYPES,
  RESUMABLE_UPLOAD_PATH,
  RESUMABLE_UPLOAD_PURPOSES,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from "./files.ts";
export { INBOUND_MAIL_MESSAGES } from "./inbound-mail.ts";
export { CONTRACT_TAGS } from "./tags.ts";
export {
  apiTokensContract,
  authContract,
  billingContract,
  calendarContract,
  designsContract,
  filesContract,
  guestReviewContract,
  guestSharesContract,
  hoursContract,
  inboundMailContract,
  invoicesContract,
  messagesContract,
  platformNotificationsContract,
  portfolioContract,
  privacyContract,
  profileContract,
  projectsContract,
  realtimeContract,
  reviewRoundsContract,
  taskCommentsContract,
  tasksContract,
  twoFactorContract,
  unreadCountEndpoint,
  unseenProjectsEndpoint,
  usersContract,
  webhooksContract,
};

/** Every call of the API, by feature; the server's OpenAPI document is generated from it. */
export const contract = {
  auth: authContract,
  users: usersContract,
  profile: profileContract,
  files: filesContract,
  projects: projectsContract,
  tasks: tasksContract,
  taskComments: taskCommentsContract,
  designs: designsContract,
  reviewRounds: reviewRoundsContract,
  guestShares: guestSharesContract,
  guestReview: guestReviewContract,
  privacy: privacyContract,
  twoFactor: twoFactorContract,
  portfolio: portfolioContract,
  billing: billingContract,
  invoices: invoicesContract,
  hours: hoursContract,
  realtime: realtimeContract,
  messages: messagesContract,
  platformNotifications: platformNotificationsContract,
  apiTokens: apiTokensContract,
  calendar: calendarContract,
  inboundMail: inboundMailContract,
  webhooks: webhooksContract,
};

let operationIds: Map<Endpoint, string> | undefined;

/** The OpenAPI operationId of a call: its key path in `contract` (`tasks.create` → `tasksCreate`). */
export function operationIdOf(endpoint: Endpoint): string | undefined {
  operationIds ??= collectOperationIds(contract);
  return operationIds.get(endpoint);
}
