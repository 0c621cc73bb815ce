ALTER TABLE "notifications" ADD COLUMN "design_uuid" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "version_uuid" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
-- Messages written before this release: deadlines as the app writes days ("Nov 30, 2026", issue 29).
UPDATE "notifications" SET "text" = 'set the deadline to ' || to_char(substring("text" from 21)::date, 'Mon FMDD, YYYY')
  WHERE "kind" = 'deadlineChanged' AND "text" ~ '^set the deadline to \d{4}-\d{2}-\d{2}$';--> statement-breakpoint
-- Messages of tasks deleted before this release go as a deletion now takes them, and the unread counts follow.
DELETE FROM "notifications" n WHERE n."task_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = n."task_id");--> statement-breakpoint
UPDATE "notification_states" s SET "unread_count" = (SELECT count(*)::int FROM "notifications" n WHERE n."user_id" = s."user_id" AND n."seen_at" IS NULL);
