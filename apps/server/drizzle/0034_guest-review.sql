CREATE TABLE "design_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "guest_mail_stops" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"link_hash" text NOT NULL,
	"password_hash" text,
	"allow_decision" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "file_comments" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "design_guests" ADD CONSTRAINT "design_guests_share_id_guest_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."guest_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_mail_stops" ADD CONSTRAINT "guest_mail_stops_guest_id_design_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."design_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_shares" ADD CONSTRAINT "guest_shares_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_shares" ADD CONSTRAINT "guest_shares_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_shares" ADD CONSTRAINT "guest_shares_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_guests_token_idx" ON "design_guests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "design_guests_share_idx" ON "design_guests" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_shares_link_idx" ON "guest_shares" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "guest_shares_task_idx" ON "guest_shares" USING btree ("task_id","created_at");--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_guest_id_design_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."design_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_comments_guest_idx" ON "file_comments" USING btree ("guest_id");