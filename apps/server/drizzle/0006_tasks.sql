CREATE TABLE "task_files" (
	"task_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"added_by_id" uuid,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_files_task_id_file_key_pk" PRIMARY KEY("task_id","file_key")
);
--> statement-breakpoint
CREATE TABLE "task_views" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"designs_and_comments_seen" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_views_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"status_rank" smallint GENERATED ALWAYS AS (case "status" when 'review' then 3 when 'inProgress' then 2 when 'todo' then 1 else 0 end) STORED NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"priority_rank" smallint GENERATED ALWAYS AS (case "priority" when 'urgent' then 3 when 'high' then 2 when 'medium' then 1 else 0 end) STORED NOT NULL,
	"designer_id" uuid,
	"created_by_id" uuid,
	"custom_sort_index" text COLLATE "C" NOT NULL,
	"deadline" timestamp (3) with time zone,
	"estimated_time_of_completion" integer,
	"estimated_work" integer,
	"archived_at" timestamp (3) with time zone,
	"archived" boolean GENERATED ALWAYS AS (archived_at is not null) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_views" ADD CONSTRAINT "task_views_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_views" ADD CONSTRAINT "task_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_project_priority_idx" ON "tasks" USING btree ("project_id","priority_rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_project_status_idx" ON "tasks" USING btree ("project_id","status_rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_project_custom_idx" ON "tasks" USING btree ("project_id","custom_sort_index") WHERE "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_project_archived_idx" ON "tasks" USING btree ("project_id","archived_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_dashboard_deadline_idx" ON "tasks" USING btree ("archived","deadline","id") WHERE "tasks"."deadline" is not null;--> statement-breakpoint
CREATE INDEX "tasks_dashboard_undated_idx" ON "tasks" USING btree ("archived","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."deadline" is null;--> statement-breakpoint
CREATE INDEX "tasks_designer_deadline_idx" ON "tasks" USING btree ("designer_id","archived","deadline","id") WHERE "tasks"."deadline" is not null;--> statement-breakpoint
CREATE INDEX "tasks_designer_status_idx" ON "tasks" USING btree ("designer_id","archived","status");--> statement-breakpoint
CREATE INDEX "tasks_designer_undated_idx" ON "tasks" USING btree ("designer_id","archived","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tasks"."deadline" is null;