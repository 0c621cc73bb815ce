import type { Mail } from "../../mail/mailer.ts";

/**
 * Every background job by queue name, with the data it carries. Job data is stored in the
 * database until the job is done, so it holds what the work needs and nothing more.
 * Features add their queues here (task zips, data exports, notification digests…).
 */
export interface JobCatalog {
  "mail.send": Mail;
  /** looks up the account of a password reset request and mails its link (features/auth) */
  "auth.passwordReset": { email: string };
  /** builds a person's data export zip (features/privacy) */
  "privacy.export": { exportId: string };
  /** builds the zip of a task's current designer files (features/designs) */
  "designs.zip": { taskId: string; listHash: string };
  /** draws page 1 of a PDF design and counts its pages (features/designs) */
  "designs.pdfPreview": { fileKey: string };
  /** mails a person's unread notifications while they are away (features/notifications) */
  "notifications.digest": { userId: string };
  /** deletes a Stripe customer (a removed person's e-mail and name), retried until Stripe confirms (features/billing) */
  "billing.deleteCustomer": { customerId: string };
}

export type JobName = keyof JobCatalog;
