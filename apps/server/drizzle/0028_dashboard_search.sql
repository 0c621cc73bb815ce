DROP INDEX "tasks_dashboard_deadline_idx";--> statement-breakpoint
DROP INDEX "tasks_dashboard_undated_idx";--> statement-breakpoint
CREATE INDEX "tasks_dashboard_deadline_idx" ON "tasks" USING btree ("archived","deadline","id","project_id","title") WHERE "tasks"."deadline" is not null;--> statement-breakpoint
CREATE INDEX "tasks_dashboard_undated_idx" ON "tasks" USING btree ("archived","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"project_id","title") WHERE "tasks"."deadline" is null;