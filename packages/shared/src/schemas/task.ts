import { z } from "zod";
import {
  ESTIMATED_WORK_MAX,
  ETA_HOURS_MAX,
  PAGE_SIZE,
  TASK_DESCRIPTION_MAX,
  TASK_FILES_MAX,
  TASK_SEARCH_MAX,
  TASK_TITLE_MAX,
} from "../limits.ts";
import { TASK_PRIORITIES, TASK_STATUSES } from "../permissions/tasks.ts";
import { fileKeySchema, idSchema, pageQuery, textSchema, timeQuerySchema, timeSchema } from "./common.ts";
import { designerFileSchema } from "./design.ts";
import { accountSearchSchema, TASK_SORT_TYPES } from "./user.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- output

export const taskPrioritySchema = z.object({
  value: z.enum(TASK_PRIORITIES),
  /** SPEC §3 `textValue`: the label shown for the priority */
  textValue: z.string(),
});
export type TaskPriorityValue = z.infer<typeof taskPrioritySchema>;

/** A person shown on a task (designer, author of a change): surname redacted as on the team list. */
export const taskPersonSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  avatarKey: z.string().nullable(),
});
export type TaskPerson = z.infer<typeof taskPersonSchema>;

export const taskFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

/** What the caller may do with this task, computed by the server from shared/permissions/tasks. */
export const taskAbilitiesSchema = z.object({
  canEdit: z.boolean(),
  canSetPriority: z.boolean(),
  canSetDeadline: z.boolean(),
  canArchive: z.boolean(),
  canDelete: z.boolean(),
  canAssignDesigner: z.boolean(),
  /** the start-task dialog (estimates) */
  canStart: z.boolean(),
  canUpdateEstimates: z.boolean(),
  /** statuses the caller may move the task to now */
  nextStatuses: z.array(z.enum(TASK_STATUSES)),
  canReorder: z.boolean(),
  /**
   * whether `estimatedWork` is the viewer's to see: with it false the estimate is hidden ("Not
   * shown"); with it true a null estimate means none is set yet
   */
  canSeeCost: z.boolean(),
});
export type TaskAbilities = z.infer<typeof taskAbilitiesSchema>;

/**
 * SPEC §3 Task. Times are epoch milliseconds; `deadline` is 0 when there is none (SPEC §3).
 * `estimatedWork` is the task's cost in hours (DESIGN §3): null for callers who may not see costs
 * (viewers) and while no estimate is set. `designerFileList` is filled by the designs feature.
 * `designZipLink` is the zip of the current files when one is built for them, else null.
 */
export const taskSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  title: z.string(),
  description: z.string(),
  descriptionFiles: z.array(taskFileSchema),
  status: z.enum(TASK_STATUSES),
  priority: taskPrioritySchema,
  taskArchived: z.boolean(),
  designerId: idSchema.nullable(),
  designer: taskPersonSchema.nullable(),
  /** the current designer files in the task's order (schemas/design.ts) */
  designerFileList: z.array(designerFileSchema),
  /** the caller's own: false while a design or comment on the task is new to them */
  designsAndCommentsSeen: z.boolean(),
  designZipLink: z.string().nullable(),
  /** fractional position in the project's custom order (compare as plain strings) */
  customSortIndex: z.string(),
  deadline: z.number().int(),
  /** hours to completion set when work starts (SPEC §5 slider 0–72) */
  estimatedTimeOfCompletion: z.number().int().nullable(),
  estimatedWork: z.number().int().nullable(),
  createdBy: taskPersonSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  abilities: taskAbilitiesSchema,
});
export type Task = z.infer<typeof taskSchema>;

/** A row of the staff dashboard: the task with its project's name. */
export const dashboardTaskSchema = taskSchema.extend({ projectName: z.string() });
export type DashboardTask = z.infer<typeof dashboardTaskSchema>;

export const taskStatusCountsSchema = z.object(
  Object.fromEntries(TASK_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof TASK_STATUSES)[number],
    z.ZodNumber
  >,
);
export type TaskStatusCounts = z.infer<typeof taskStatusCountsSchema>;

/** One entry of a task's history (its activity events), newest first. */
export const taskHistoryItemSchema = z.object({
  id: z.string(),
  /** the event type, e.g. `task.statusChanged` */
  type: z.string(),
  actor: taskPersonSchema.nullable(),
  at: z.number(),
  /** a sentence for people: "Pat M. moved the task to In review" */
  text: z.string(),
});
export type TaskHistoryItem = z.infer<typeof taskHistoryItemSchema>;

export const availableDesignerSchema = taskPersonSchema.extend({
  /** open (not approved, not archived) tasks assigned to them across projects */
  openTasks: z.number().int(),
});
export const availableDesignersSchema = z.object({
  onProject: z.array(availableDesignerSchema),
  /** at most AVAILABLE_DESIGNERS_OTHERS (A→Z) of those matching `q`; `hasMoreOthers` when more match */
  others: z.array(availableDesignerSchema),
  hasMoreOthers: z.boolean(),
});
export type AvailableDesigners = z.infer<typeof availableDesignersSchema>;

export const reorderResultSchema = z.object({
  items: z.array(z.object({ id: idSchema, customSortIndex: z.string() })),
});

// ---------------------------------------------------------------- input

export const taskTitleSchema = textSchema("Title is required")
  .trim()
  .min(1, { message: "Title is required" })
  .max(TASK_TITLE_MAX, { message: `Title must be at most ${TASK_TITLE_MAX} characters` });

export const taskDescriptionSchema = textSchema().max(TASK_DESCRIPTION_MAX, {
  message: `Description must be at most ${TASK_DESCRIPTION_MAX} characters`,
});

export const taskFileKeysSchema = z
  .array(fileKeySchema)
  .max(TASK_FILES_MAX, { message: `At most ${TASK_FILES_MAX} files` });

/**
 * A deadline is a day (SPEC §5): 23:59:59 UTC of that day in epoch milliseconds, or 0 for none.
 * Contract decision: milliseconds, like every other time in the API.
 */
export const deadlineSchema = timeSchema({ message: "Deadline must be a time in milliseconds" }).refine(
  (value) => value === 0 || value % DAY_MS === DAY_MS - 1000,
  {
    message: "Deadline must be the end of a day (23:59:59 UTC)",
  },
);

/** The chosen calendar day (UTC) as the deadline value (SPEC §5: 23:59:59 UTC of that day). */
export function deadlineForDay(year: number, monthIndex: number, day: number): number {
  return Date.UTC(year, monthIndex, day, 23, 59, 59);
}

export const etaHoursSchema = z
  .number({ message: "Time to completion must be a number of hours" })
  .int({ message: "Time to completion is in whole hours" })
  .min(0, { message: "Time to completion must be at least 0" })
  .max(ETA_HOURS_MAX, { message: `Time to completion must be at most ${ETA_HOURS_MAX} hours` });

export const estimatedWorkSchema = z
  .number({ message: "Estimated work must be a number of hours" })
  .int({ message: "Estimated work is in whole hours" })
  .min(0, { message: "Estimated work must be at least 0" })
  .max(ESTIMATED_WORK_MAX, { message: `Estimated work must be at most ${ESTIMATED_WORK_MAX} hours` });

const taskRef = { projectId: idSchema, taskId: idSchema };
export const taskRefSchema = z.object(taskRef);
export const taskPathParams = z.object({ id: idSchema, taskId: idSchema });

export const createTaskSchema = z.object({
  projectId: idSchema,
  title: taskTitleSchema,
  description: taskDescriptionSchema.optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  deadline: deadlineSchema.optional(),
  descriptionFileKeys: taskFileKeysSchema.optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

export const updateTaskSchema = z.object({
  ...taskRef,
  title: taskTitleSchema.optional(),
  description: taskDescriptionSchema.optional(),
});

export const taskFilesChangeSchema = z.object({ ...taskRef, fileKeys: taskFileKeysSchema.min(1) });

export const updateTaskStatusSchema = z.object({ ...taskRef, taskStatus: z.enum(TASK_STATUSES) });
export const estimatesSchema = z.object({
  estimatedTimeOfCompletion: etaHoursSchema,
  estimatedWork: estimatedWorkSchema,
});
export const updateEstimatesSchema = z.object({ ...taskRef, ...estimatesSchema.shape });
export const updateDeadlineSchema = z.object({ ...taskRef, deadline: deadlineSchema });
export const updatePrioritySchema = z.object({ ...taskRef, taskPriority: z.enum(TASK_PRIORITIES) });
export const assignDesignerSchema = z.object({ ...taskRef, designerId: idSchema });

export const taskSortQuerySchema = z.object({ sortType: z.enum(TASK_SORT_TYPES) });

export const taskListQuerySchema = z.object({
  sort: z.enum(TASK_SORT_TYPES).default("created"),
  ...pageQuery(PAGE_SIZE.tasks),
});
export const archivedTaskListQuerySchema = z.object({ ...pageQuery(PAGE_SIZE.archivedTasks) });

/**
 * Moving tasks in the custom order: each move puts one task right after `afterTaskId` (null: at
 * the top). Contract decision: neighbours rather than whole lists, so a move writes one row.
 */
export const reorderTasksSchema = z.object({
  tasks: z
    .array(z.object({ taskId: idSchema, afterTaskId: idSchema.nullable() }))
    .min(1)
    .max(50),
});

export const availableDesignersQuerySchema = z.object({
  projectId: idSchema,
  taskId: idSchema,
  q: accountSearchSchema,
});

export const dashboardQuerySchema = z.object({
  status: z.enum(TASK_STATUSES).optional(),
  designerId: idSchema.optional(),
  projectId: idSchema.optional(),
  /** tasks whose deadline (not 0) is at or before this time, epoch ms */
  deadlineBefore: timeQuerySchema().min(1).optional(),
  archived: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** words that must all appear in the title */
  q: textSchema().trim().max(TASK_SEARCH_MAX).optional(),
  ...pageQuery(PAGE_SIZE.dashboardTasks),
});
export const dashboardCountsQuerySchema = dashboardQuerySchema.omit({ status: true, limit: true, cursor: true });

export const taskHistoryQuerySchema = z.object({ ...pageQuery(PAGE_SIZE.taskHistory) });
