-- When work started on a task, so a task in progress without a deadline has a place on the schedule
-- (issue 29 point 12). Edited after generation: tasks already started take the time of their
-- latest `task.started` event, or failing that their last change.
ALTER TABLE "tasks" ADD COLUMN "started_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "tasks" SET "started_at" = coalesce(
  (select max(e."created_at") from "events" e
    where e."subject_type" = 'task' and e."subject_id" = "tasks"."id"::text and e."type" = 'task.started'),
  "tasks"."updated_at")
WHERE "status" <> 'todo';--> statement-breakpoint
-- Payment orders: one open order per project, and rejection by an admin with a reason the customer
-- sees (issue 29 point 11). Edited after generation: before the unique index, a project's older
-- open orders are cancelled, so only its newest stays open.
DROP INDEX "payment_orders_project_idx";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "rejected_by_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "rejected_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "payment_orders" SET "status" = 'CANCELED', "canceled_at" = now()
WHERE "status" = 'OPEN' AND EXISTS (
  SELECT 1 FROM "payment_orders" newer
  WHERE newer."project_id" = "payment_orders"."project_id" AND newer."status" = 'OPEN'
    AND (newer."created_at", newer."id") > ("payment_orders"."created_at", "payment_orders"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_open_idx" ON "payment_orders" USING btree ("project_id") WHERE "payment_orders"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "payment_orders_project_created_idx" ON "payment_orders" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);