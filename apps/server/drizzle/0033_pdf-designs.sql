CREATE TABLE "design_pdf_previews" (
	"file_key" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"page_count" integer,
	"problem" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_comments" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "design_pdf_previews" ADD CONSTRAINT "design_pdf_previews_file_key_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."files"("key") ON DELETE cascade ON UPDATE no action;