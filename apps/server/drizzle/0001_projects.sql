CREATE TABLE "project_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"project_role" text NOT NULL,
	"key_hash" text NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'inProgress' NOT NULL,
	"owner_id" uuid NOT NULL,
	"dropbox_share_link_to_folder" text,
	"client_character_notes" text,
	"task_count" integer DEFAULT 0 NOT NULL,
	"archived_task_count" integer DEFAULT 0 NOT NULL,
	"payment_plan" text DEFAULT 'none' NOT NULL,
	"payment_plan_period_end" timestamp with time zone,
	"active_stripe_subscription" boolean DEFAULT false NOT NULL,
	"customer_type" text DEFAULT 'COMPANY' NOT NULL,
	"customer_first_name" text,
	"customer_last_name" text,
	"customer_company_name" text,
	"customer_address" text,
	"customer_post" text,
	"customer_post_code" text,
	"customer_country" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "project_invites" ADD CONSTRAINT "project_invites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invites" ADD CONSTRAINT "project_invites_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_invites_key_idx" ON "project_invites" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "project_invites_project_email_idx" ON "project_invites" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id","project_id") WHERE "project_members"."active";--> statement-breakpoint
CREATE INDEX "projects_state_created_idx" ON "projects" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_state_name_idx" ON "projects" USING btree ("state",lower("name"),"id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree (lower("name"),"id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id");