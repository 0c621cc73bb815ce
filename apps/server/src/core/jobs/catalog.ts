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
  /** the hourly tick mailing reminders to pending reviewers of rounds due tomorrow (features/designs) */
  "designs.reviewReminders": Record<string, never>;
  /** draws page 1 of a PDF design and counts its pages (features/designs) */
  "designs.pdfPreview": { fileKey: string };
  /** mails a person's unread notifications while they are away (features/notifications) */
  "notifications.digest": { userId: string };
  /** deletes a Stripe customer (a removed person's e-mail and name), retried until Stripe confirms (features/billing) */
  "billing.deleteCustomer": { customerId: string };
  /**
   * one attempt at a webhook message (features/integrations); `attempts` is how many the delivery
   * had when this one was queued, so a stale or doubled job attempts nothing
   */
  "webhooks.deliver": { deliveryId: string; attempts: number };
}

export type JobName = keyof JobCatalog;
