import { UPLOAD_PURPOSES } from "@atelier/shared";
import { bigint, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Metadata of every stored upload; the bytes live in the storage backend under `key`. */
export const files = pgTable("files", {
  key: text("key").primaryKey(),
  ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
  purpose: text("purpose", { enum: UPLOAD_PURPOSES }).notNull(),
  contentType: text("content_type").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  originalName: text("original_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
