-- When work started on a task, so a task in progress without a deadline has a place on the schedule
-- (issue 29 point 12). Edited after generation: tasks already started take the time of their
-- latest `task.started` event, or failing that their last change.
ALTER TABLE "tasks" ADD COLUMN "started_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "tasks" SET "started_at" = coalesce(
  (select max(e."created_at") from "events" e
    where e."subject_type" = 'task' and e."subject_id" = "tasks"."id"::text and e."type" = 'task.started'),
  "tasks"."updated_at")
WHERE "status" <> 'todo';
