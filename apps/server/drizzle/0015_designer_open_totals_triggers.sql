-- Keeps users.open_tasks and users.open_estimated_hours (0012) equal to the count and estimate sum
-- of each designer's open tasks (not approved, not archived), for the designer overview.
-- Why triggers rather than the task services: every writer of tasks (create, edit, status moves,
-- archive, delete, a project's cascade, a removed user's `set null`, seeds and bulk loads) then
-- keeps the totals right in its own transaction, and a missed code path cannot skew them.
-- Statement-level with transition tables, so a bulk write moves each designer's row once; a
-- statement that changes no open figure (a title edit, a reorder) updates, and locks, no user row.
-- Drizzle cannot express triggers in the schema, hence this custom migration.
CREATE FUNCTION tasks_sync_designer_open_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users u
      SET open_tasks = u.open_tasks + d.n, open_estimated_hours = u.open_estimated_hours + d.hours
      FROM (
        SELECT designer_id, count(*)::int AS n, coalesce(sum(estimated_work), 0)::int AS hours
          FROM new_rows
          WHERE designer_id IS NOT NULL AND NOT archived AND status <> 'approved'
          GROUP BY designer_id
      ) d
      WHERE u.id = d.designer_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users u
      SET open_tasks = u.open_tasks - d.n, open_estimated_hours = u.open_estimated_hours - d.hours
      FROM (
        SELECT designer_id, count(*)::int AS n, coalesce(sum(estimated_work), 0)::int AS hours
          FROM old_rows
          WHERE designer_id IS NOT NULL AND NOT archived AND status <> 'approved'
          GROUP BY designer_id
      ) d
      WHERE u.id = d.designer_id;
  ELSE
    UPDATE users u
      SET open_tasks = u.open_tasks + d.n, open_estimated_hours = u.open_estimated_hours + d.hours
      FROM (
        SELECT designer_id, sum(n)::int AS n, sum(hours)::int AS hours
          FROM (
            SELECT designer_id, 1 AS n, coalesce(estimated_work, 0) AS hours
              FROM new_rows
              WHERE designer_id IS NOT NULL AND NOT archived AND status <> 'approved'
            UNION ALL
            SELECT designer_id, -1, -coalesce(estimated_work, 0)
              FROM old_rows
              WHERE designer_id IS NOT NULL AND NOT archived AND status <> 'approved'
          ) moves
          GROUP BY designer_id
          HAVING sum(n) <> 0 OR sum(hours) <> 0
      ) d
      WHERE u.id = d.designer_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_designer_open_totals_insert
  AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_sync_designer_open_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_designer_open_totals_update
  AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_sync_designer_open_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_designer_open_totals_delete
  AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_sync_designer_open_totals();
--> statement-breakpoint
-- Existing tasks: the totals as they stand.
UPDATE users u
  SET open_tasks = d.n, open_estimated_hours = d.hours
  FROM (
    SELECT designer_id, count(*)::int AS n, coalesce(sum(estimated_work), 0)::int AS hours
      FROM tasks
      WHERE designer_id IS NOT NULL AND NOT archived AND status <> 'approved'
      GROUP BY designer_id
  ) d
  WHERE u.id = d.designer_id;
