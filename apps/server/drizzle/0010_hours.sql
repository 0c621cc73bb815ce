CREATE TABLE "designer_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designer_payments_amount_check" CHECK ("designer_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "work_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid,
	"project_id" uuid,
	"project_name" text NOT NULL,
	"designer_id" uuid NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"approved_at" timestamp (3) with time zone NOT NULL,
	"hours" integer NOT NULL,
	"hour_rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "work_log_hours_check" CHECK ("work_log"."hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "designer_payments" ADD CONSTRAINT "designer_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_payments" ADD CONSTRAINT "designer_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log" ADD CONSTRAINT "work_log_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log" ADD CONSTRAINT "work_log_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log" ADD CONSTRAINT "work_log_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "designer_payments_user_idx" ON "designer_payments" USING btree ("user_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "work_log_task_idx" ON "work_log" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "work_log_designer_period_idx" ON "work_log" USING btree ("designer_id","period_start");--> statement-breakpoint
CREATE INDEX "work_log_project_period_idx" ON "work_log" USING btree ("project_id","period_start");