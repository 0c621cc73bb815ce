import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { events, files, projects, taskFiles, tasks, taskViews } from "../../../db/schema/index.ts";

/** Tasks the person created (archived ones too), oldest first. */
export async function listTasksCreatedBy(db: DbOrTx, userId: string) {
  return db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      projectName: projects.name,
      title: tasks.title,
      description: tasks.description,
      status: tasks.status,
      priority: tasks.priority,
      deadline: tasks.deadline,
      createdAt: tasks.createdAt,
      archivedAt: tasks.archivedAt,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.createdById, userId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
}

/** Tasks assigned to the person (a designer), oldest first. */
export async function listTasksAssignedTo(db: DbOrTx, userId: string) {
  return db
    .select({ id: tasks.id, projectId: tasks.projectId, title: tasks.title, status: tasks.status })
    .from(tasks)
    .where(eq(tasks.designerId, userId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
}

/** Description files the person attached to tasks, with the upload's name. */
export async function listTaskFilesAddedBy(db: DbOrTx, userId: string) {
  return db
    .select({
      taskId: taskFiles.taskId,
      fileKey: taskFiles.fileKey,
      name: files.originalName,
      addedAt: taskFiles.addedAt,
    })
    .from(taskFiles)
    .innerJoin(files, eq(files.key, taskFiles.fileKey))
    .where(eq(taskFiles.addedById, userId))
    .orderBy(asc(taskFiles.addedAt), asc(taskFiles.fileKey));
}

/**
 * The task history entries the person made (events on tasks they acted in), oldest first, over
 * the events' actor index.
 */
export async function listTaskEventsBy(db: DbOrTx, userId: string) {
  return db
    .select({
      id: events.id,
      taskId: events.subjectId,
      type: events.type,
      payload: events.payload,
      at: events.createdAt,
    })
    .from(events)
    .where(and(eq(events.actorId, userId), eq(events.subjectType, "task")))
    .orderBy(asc(events.id));
}

/** What the person had seen of tasks (their own marks, not the project's work). */
export async function deleteTaskViewsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(taskViews).where(eq(taskViews.userId, userId));
}
