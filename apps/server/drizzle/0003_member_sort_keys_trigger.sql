-- Keeps project_members' copies of each project's list sort keys (0002) equal to the project's own.
-- Why triggers rather than application code: every writer of a project or a membership (the
-- projects repositories, other features through upsertMember, seeds, bulk loads) then keeps the
-- copies right in its own transaction without having to know they exist, and a missed code path
-- cannot leave a member's list showing a renamed, archived or deleted project in the wrong place.
-- Drizzle cannot express triggers in the schema, hence this custom migration.
CREATE FUNCTION project_members_copy_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.state, p.created_at, lower(p.name), p.deleted_at
    INTO NEW.project_state, NEW.project_created_at, NEW.project_sort_name, NEW.project_deleted_at
    FROM projects p
    WHERE p.id = NEW.project_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER project_members_sort_keys
  BEFORE INSERT OR UPDATE OF project_id ON project_members
  FOR EACH ROW EXECUTE FUNCTION project_members_copy_sort_keys();
--> statement-breakpoint
CREATE FUNCTION projects_sync_member_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_members
    SET project_state = NEW.state,
        project_created_at = NEW.created_at,
        project_sort_name = lower(NEW.name),
        project_deleted_at = NEW.deleted_at
    WHERE project_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_member_sort_keys
  AFTER UPDATE OF state, name, created_at, deleted_at ON projects
  FOR EACH ROW
  WHEN (
    OLD.state IS DISTINCT FROM NEW.state
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
  )
  EXECUTE FUNCTION projects_sync_member_sort_keys();
--> statement-breakpoint
-- Memberships that existed before the triggers.
UPDATE project_members m
  SET project_state = p.state,
      project_created_at = p.created_at,
      project_sort_name = lower(p.name),
      project_deleted_at = p.deleted_at
  FROM projects p
  WHERE p.id = m.project_id;
