ALTER TABLE "users" ADD COLUMN "open_tasks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "open_estimated_hours" integer DEFAULT 0 NOT NULL;