CREATE TABLE "review_round_designs" (
	"round_id" uuid NOT NULL,
	"designer_file_id" uuid NOT NULL,
	CONSTRAINT "review_round_designs_round_id_designer_file_id_pk" PRIMARY KEY("round_id","designer_file_id")
);
--> statement-breakpoint
CREATE TABLE "review_round_reviewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"reviewer_user_id" uuid,
	"position" integer NOT NULL,
	"decision" text,
	"comment" text,
	"decided_at" timestamp (3) with time zone,
	"reminded_at" timestamp (3) with time zone,
	CONSTRAINT "review_round_reviewers_one_identity" CHECK (num_nonnulls("review_round_reviewers"."reviewer_user_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "review_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"rule" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"sent_by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "review_round_designs" ADD CONSTRAINT "review_round_designs_round_id_review_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."review_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_round_designs" ADD CONSTRAINT "review_round_designs_designer_file_id_designer_files_id_fk" FOREIGN KEY ("designer_file_id") REFERENCES "public"."designer_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_round_reviewers" ADD CONSTRAINT "review_round_reviewers_round_id_review_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."review_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_round_reviewers" ADD CONSTRAINT "review_round_reviewers_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_round_designs_file_idx" ON "review_round_designs" USING btree ("designer_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_round_reviewers_user_idx" ON "review_round_reviewers" USING btree ("round_id","reviewer_user_id");--> statement-breakpoint
CREATE INDEX "review_round_reviewers_user_lookup_idx" ON "review_round_reviewers" USING btree ("reviewer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_task_number_idx" ON "review_rounds" USING btree ("task_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_open_task_idx" ON "review_rounds" USING btree ("task_id") WHERE "review_rounds"."state" = 'open';--> statement-breakpoint
CREATE INDEX "review_rounds_open_due_idx" ON "review_rounds" USING btree ("due_at") WHERE "review_rounds"."state" = 'open';