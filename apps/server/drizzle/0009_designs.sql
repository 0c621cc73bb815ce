CREATE TABLE "comment_files" (
	"file_key" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"added_by_id" uuid,
	"comment_id" uuid,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_feedback" (
	"designer_file_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"feedback" text NOT NULL,
	"comment" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_zips" (
	"task_id" uuid NOT NULL,
	"list_hash" text NOT NULL,
	"file_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp (3) with time zone,
	CONSTRAINT "design_zips_task_id_list_hash_pk" PRIMARY KEY("task_id","list_hash")
);
--> statement-breakpoint
CREATE TABLE "designer_file_views" (
	"designer_file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_seen_at" timestamp (3) with time zone,
	"comments_seen_at" timestamp (3) with time zone,
	CONSTRAINT "designer_file_views_designer_file_id_user_id_pk" PRIMARY KEY("designer_file_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "designer_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"lineage_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"order_key" text COLLATE "C" NOT NULL,
	"added_by_id" uuid,
	"previewable" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"designer_file_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"pin" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "comment_files" ADD CONSTRAINT "comment_files_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_files" ADD CONSTRAINT "comment_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_files" ADD CONSTRAINT "comment_files_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_files" ADD CONSTRAINT "comment_files_comment_id_file_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."file_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_feedback" ADD CONSTRAINT "design_feedback_designer_file_id_designer_files_id_fk" FOREIGN KEY ("designer_file_id") REFERENCES "public"."designer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_feedback" ADD CONSTRAINT "design_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_zips" ADD CONSTRAINT "design_zips_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_zips" ADD CONSTRAINT "design_zips_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_file_views" ADD CONSTRAINT "designer_file_views_designer_file_id_designer_files_id_fk" FOREIGN KEY ("designer_file_id") REFERENCES "public"."designer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_file_views" ADD CONSTRAINT "designer_file_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_files" ADD CONSTRAINT "designer_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_files" ADD CONSTRAINT "designer_files_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_files" ADD CONSTRAINT "designer_files_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_designer_file_id_designer_files_id_fk" FOREIGN KEY ("designer_file_id") REFERENCES "public"."designer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_parent_id_file_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_files_comment_idx" ON "comment_files" USING btree ("comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "designer_files_key_idx" ON "designer_files" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "designer_files_lineage_version_idx" ON "designer_files" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "designer_files_lineage_current_idx" ON "designer_files" USING btree ("lineage_id") WHERE "designer_files"."current";--> statement-breakpoint
CREATE INDEX "designer_files_task_idx" ON "designer_files" USING btree ("task_id","lineage_id","version");--> statement-breakpoint
CREATE INDEX "file_comments_task_idx" ON "file_comments" USING btree ("task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "file_comments_file_idx" ON "file_comments" USING btree ("designer_file_id");--> statement-breakpoint
CREATE INDEX "file_comments_parent_idx" ON "file_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "file_comments_author_idx" ON "file_comments" USING btree ("author_id");