-- Event order without a lock (docs/decisions/030-event-order.md): each event records its writer's
-- transaction id. Edited after generation: existing rows get xid 0 (a constant default is only
-- catalog work, where pg_current_xact_id() would rewrite the table), so they keep their id order
-- before every new event; new rows then default to the writing transaction's id.
ALTER TABLE "events" ADD COLUMN "xid" "xid8" DEFAULT '0'::xid8 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "notification_states" ADD COLUMN "digest_claim" uuid;--> statement-breakpoint
CREATE INDEX "events_xid_idx" ON "events" USING btree ("xid","id");
