-- The task dashboard's search: every word must appear in the title (ILIKE '%word%' per word).
-- A trigram GIN index lets PostgreSQL answer those from the index instead of reading every title.
-- pg_trgm is a trusted contrib extension (PostgreSQL 13+), loaded into PGlite by db/client.ts.
-- Custom SQL because the index needs the extension first and drizzle-kit cannot create extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_title_trgm_idx" ON "tasks" USING gin ("title" gin_trgm_ops);
