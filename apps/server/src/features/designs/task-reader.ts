import type { AppContext } from "../../core/context.ts";
import type { TaskDesignReader, TasksContext } from "../tasks/index.ts";
import { loadDesignerFileLists, loadTaskPanel } from "./panel.ts";
import { reviewRoundHooks } from "./service/rounds-hooks.ts";

/** How tasks read their designer files; the composition hands it to tasks (decision 031). */
export const taskDesignReader: TaskDesignReader = {
  lists: loadDesignerFileLists,
  panel: loadTaskPanel,
  review: reviewRoundHooks,
};

/** The context the tasks' calls need, for the design calls that answer with the task. */
export const tasksContextOf = (ctx: AppContext): TasksContext => ({ ...ctx, taskDesigns: taskDesignReader });
