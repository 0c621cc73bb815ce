CREATE TABLE "platform_notification_dismissals" (
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"dismissed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_notification_dismissals_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "platform_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_notification_dismissals" ADD CONSTRAINT "platform_notification_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_notification_dismissals" ADD CONSTRAINT "platform_notification_dismissals_notification_id_platform_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."platform_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_notifications" ADD CONSTRAINT "platform_notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_notifications_created_idx" ON "platform_notifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);