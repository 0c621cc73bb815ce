ALTER TABLE "project_members" ADD COLUMN "project_state" text;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "project_created_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "project_sort_name" text;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "project_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "project_members_user_state_created_idx" ON "project_members" USING btree ("user_id","project_state","project_created_at" DESC NULLS LAST,"project_id" DESC NULLS LAST) WHERE "project_members"."active" and "project_members"."project_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_members_user_state_name_idx" ON "project_members" USING btree ("user_id","project_state","project_sort_name","project_id") WHERE "project_members"."active" and "project_members"."project_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_members_user_name_idx" ON "project_members" USING btree ("user_id","project_sort_name","project_id") WHERE "project_members"."active" and "project_members"."project_deleted_at" is null;