CREATE TABLE "mail_sends" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_zips" ADD COLUMN "building_key" text;--> statement-breakpoint
ALTER TABLE "design_zips" ADD COLUMN "building_job_id" uuid;