ALTER TABLE "designer_files" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "file_comments" ADD COLUMN "at_ms" integer;--> statement-breakpoint
ALTER TABLE "designer_files" ADD CONSTRAINT "designer_files_poster_key_files_key_fk" FOREIGN KEY ("poster_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "designer_files_poster_idx" ON "designer_files" USING btree ("poster_key");