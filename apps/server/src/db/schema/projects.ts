import { CUSTOMER_TYPES, INVITE_ROLES, PAYMENT_PLANS, PROJECT_ROLES, PROJECT_STATES } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { users } from "./users.ts";

// Millisecond precision, as the API gives times in epoch milliseconds (DESIGN §4).

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    state: text("state", { enum: PROJECT_STATES }).notNull().default("inProgress"),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    dropboxShareLinkToFolder: text("dropbox_share_link_to_folder"),
    clientCharacterNotes: text("client_character_notes"),
    // Maintained by the task feature in the same transaction as the task change (DESIGN §10).
    taskCount: integer("task_count").notNull().default(0),
    archivedTaskCount: integer("archived_task_count").notNull().default(0),
    paymentPlan: text("payment_plan", { enum: PAYMENT_PLANS }).notNull().default("none"),
    paymentPlanPeriodEnd: timestamp("payment_plan_period_end", { withTimezone: true, mode: "date" }),
    activeStripeSubscription: boolean("active_stripe_subscription").notNull().default(false),
    customerType: text("customer_type", { enum: CUSTOMER_TYPES }).notNull().default("COMPANY"),
    customerFirstName: text("customer_first_name"),
    customerLastName: text("customer_last_name"),
    customerCompanyName: text("customer_company_name"),
    customerAddress: text("customer_address"),
    customerPost: text("customer_post"),
    customerPostCode: text("customer_post_code"),
    customerCountry: text("customer_country"),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    updatedAt: msTimestamp("updated_at").notNull().defaultNow(),
    // Deleted projects keep their row so work already logged on them stays attributed.
    deletedAt: msTimestamp("deleted_at"),
  },
  (t) => [
    // One index per list sort (DESIGN §10), over live projects only.
    index("projects_state_created_idx").on(t.state, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index("projects_state_name_idx").on(t.state, sql`lower(${t.name})`, t.id).where(sql`${t.deletedAt} is null`),
    index("projects_name_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.deletedAt} is null`),
    index("projects_owner_idx").on(t.ownerId),
  ],
);

/** The team: one row per user ever on the project; removing a member clears `active`. */
export const projectMembers = pgTable(
  "project_members",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectRole: text("project_role", { enum: PROJECT_ROLES }).notNull(),
    active: boolean("active").notNull().default(true),
    invitedById: uuid("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    // Copies of the project's list sort keys, so a member's project list is a walk over one of the
    // indexes below instead of a join that sorts (DESIGN §10). Written only by the database
    // triggers of migration 0003_member_sort_keys_trigger (on insert here, on update of the project),
    // never by the app; null only for a project id with no project row, which the FK forbids.
    projectState: text("project_state", { enum: PROJECT_STATES }),
    projectCreatedAt: msTimestamp("project_created_at"),
    projectSortName: text("project_sort_name"),
    projectDeletedAt: msTimestamp("project_deleted_at"),
  },
  (t) => [
    // The primary key (project_id, user_id) loads a page's teams; this one scopes lists to "my projects".
    primaryKey({ columns: [t.projectId, t.userId] }),
    index("project_members_user_idx").on(t.userId, t.projectId).where(sql`${t.active}`),
    // One per member-scoped list sort, mirroring the projects indexes (active members of live projects).
    index("project_members_user_state_created_idx")
      .on(t.userId, t.projectState, t.projectCreatedAt.desc(), t.projectId.desc())
      .where(sql`${t.active} and ${t.projectDeletedAt} is null`),
    index("project_members_user_state_name_idx")
      .on(t.userId, t.projectState, t.projectSortName, t.projectId)
      .where(sql`${t.active} and ${t.projectDeletedAt} is null`),
    index("project_members_user_name_idx")
      .on(t.userId, t.projectSortName, t.projectId)
      .where(sql`${t.active} and ${t.projectDeletedAt} is null`),
  ],
);

/** Single-use invites for e-mails without an account; only the key's hash is stored. */
export const projectInvites = pgTable(
  "project_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    projectRole: text("project_role", { enum: INVITE_ROLES }).notNull(),
    keyHash: text("key_hash").notNull(),
    invitedById: uuid("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    expiresAt: msTimestamp("expires_at").notNull(),
    usedAt: msTimestamp("used_at"),
  },
  (t) => [
    uniqueIndex("project_invites_key_idx").on(t.keyHash),
    index("project_invites_project_email_idx").on(t.projectId, t.email),
  ],
);
