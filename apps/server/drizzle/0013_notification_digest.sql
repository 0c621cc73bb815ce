ALTER TABLE "notification_states" ADD COLUMN "email_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_states" ADD COLUMN "digest_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_states" ADD COLUMN "last_digest_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notification_states" ADD COLUMN "digested_through" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notification_states" ADD COLUMN "online_until" timestamp (3) with time zone;