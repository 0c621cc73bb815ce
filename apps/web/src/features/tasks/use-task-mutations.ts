import {
  type CreateTaskInput,
  MESSAGES,
  type Task,
  type TaskPriority,
  type TaskSortType,
  type TaskStatus,
  tasksContract,
  type User,
} from "@atelier/shared";
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { sessionKeys } from "../../lib/session.ts";
import { taskKeys } from "./task-keys.ts";

interface TaskRef {
  projectId: string;
  taskId: string;
}

/** What moves when a task changes: its board, the dashboard, and the project's counts. */
function refreshAround(queryClient: QueryClient, projectId: string, options: { counts?: boolean } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: taskKeys.dashboardAll }),
    ...(options.counts ? [queryClient.invalidateQueries({ queryKey: taskKeys.projects })] : []),
  ]);
}

/** Calls that change a task answer it as the caller now sees it: keep that copy, refresh the lists. */
function storeTask(queryClient: QueryClient, task: Task, options: { counts?: boolean } = {}) {
  queryClient.setQueryData(taskKeys.detail(task.id), task);
  void queryClient.invalidateQueries({ queryKey: taskKeys.history(task.id) });
  return refreshAround(queryClient, task.projectId, options);
}

/** A mutation over one task answering the task, with the SPEC §8 fallback text of its failure. */
function useTaskChange<Input extends TaskRef>(
  call: (input: Input) => Promise<Task>,
  errorMessage: string,
  options: { counts?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (task) => storeTask(queryClient, task, options),
    meta: { errorMessage },
  });
}

/** POST /v3/project/task: the project's task count rises, so the project is refreshed too. */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => api(tasksContract.create, { body: input }),
    onSuccess: (task) => storeTask(queryClient, task, { counts: true }),
    meta: { errorMessage: "Unable to create task. Try again later!", globalLoader: true },
  });
}

/** DELETE /v3/project/{id}/task/{taskId}. */
export function useRemoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, taskId }: TaskRef) => api(tasksContract.remove, { params: { id: projectId, taskId } }),
    onSuccess: (_result, { projectId, taskId }) => {
      // Its link must not show the removed task from the cache.
      queryClient.removeQueries({ queryKey: taskKeys.detail(taskId) });
      return refreshAround(queryClient, projectId, { counts: true });
    },
    meta: { errorMessage: MESSAGES.unableToDeleteTask },
  });
}

/** POST /v3/project/task/archive or /unarchive: the task changes lists, the counts follow. */
export function useSetTaskArchived() {
  return useTaskChange(
    ({ archived, ...ref }: TaskRef & { archived: boolean }) =>
      archived ? api(tasksContract.archive, { body: ref }) : api(tasksContract.unarchive, { body: ref }),
    "Unable to update the task. Try again later!",
    { counts: true },
  );
}

/** POST /v3/project/task/update: title and description. */
export function useUpdateTask() {
  return useTaskChange(
    (input: TaskRef & { title?: string; description?: string }) => api(tasksContract.update, { body: input }),
    "Unable to update the task. Try again later!",
  );
}

/** POST /v3/project/{id}/task/{taskId}/start-working-on-task/ with the two estimates. */
export function useStartTask() {
  return useTaskChange(
    ({ projectId, taskId, ...estimates }: TaskRef & { estimatedTimeOfCompletion: number; estimatedWork: number }) =>
      api(tasksContract.start, { params: { id: projectId, taskId }, body: estimates }),
    MESSAGES.unableToUpdateTaskStatus,
  );
}

/** POST /v3/project/task/updateETA: revised estimates of a started task. */
export function useUpdateEstimates() {
  return useTaskChange(
    (input: TaskRef & { estimatedTimeOfCompletion: number; estimatedWork: number }) =>
      api(tasksContract.updateEstimates, { body: input }),
    "Unable to update the estimates. Try again later!",
  );
}

/** POST /v3/project/task/updateStatus: review, approve, request changes, reopen. */
export function useUpdateTaskStatus() {
  return useTaskChange(
    (input: TaskRef & { taskStatus: TaskStatus }) => api(tasksContract.updateStatus, { body: input }),
    MESSAGES.unableToUpdateTaskStatus,
  );
}

/** POST /v3/project/task/setOrUpdateTaskDeadline: a day's 23:59:59 UTC, or 0 to clear. */
export function useSetTaskDeadline() {
  return useTaskChange(
    (input: TaskRef & { deadline: number }) => api(tasksContract.setDeadline, { body: input }),
    "Unable to set the deadline. Try again later!",
  );
}

/** POST /v3/project/task/updatePriority. */
export function useUpdateTaskPriority() {
  return useTaskChange(
    (input: TaskRef & { taskPriority: TaskPriority }) => api(tasksContract.updatePriority, { body: input }),
    "Unable to update the priority. Try again later!",
  );
}

/** POST /v3/project/assign-designer-on-task: they join the team if they were not on it. */
export function useAssignDesigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaskRef & { designerId: string }) => api(tasksContract.assignDesigner, { body: input }),
    onSuccess: (task) =>
      Promise.all([
        storeTask(queryClient, task),
        queryClient.invalidateQueries({ queryKey: taskKeys.designers(task.id) }),
        // the designer may have joined the project's team
        queryClient.invalidateQueries({ queryKey: taskKeys.projects }),
      ]),
    meta: { errorMessage: MESSAGES.unableToAssignDesigner },
  });
}

/** POST /v3/project/task/removeDescriptionFiles. */
export function useRemoveDescriptionFiles() {
  return useTaskChange(
    (input: TaskRef & { fileKeys: string[] }) => api(tasksContract.removeDescriptionFiles, { body: input }),
    "Unable to remove the files. Try again later!",
  );
}

/** POST /v3/project/task/addDescriptionFiles: uploads made before with POST /upload/file. */
export function useAddDescriptionFiles() {
  return useTaskChange(
    (input: TaskRef & { fileKeys: string[] }) => api(tasksContract.addDescriptionFiles, { body: input }),
    "Unable to attach the files. Try again later!",
  );
}

function markSeen(task: Task): Task {
  return { ...task, designsAndCommentsSeen: true };
}

/** POST /v3/project/task/seen: clears the unseen marker on the card without refetching the board. */
export function useMarkTaskSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: TaskRef) => api(tasksContract.seen, { body: ref }),
    onSuccess: (_result, { projectId, taskId }) => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.unseenProjects });
      queryClient.setQueryData<Task>(taskKeys.detail(taskId), (task) => (task ? markSeen(task) : task));
      queryClient.setQueriesData<InfiniteData<{ items: Task[]; nextCursor: string | null }>>(
        { queryKey: taskKeys.project(projectId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === taskId ? markSeen(item) : item)),
            })),
          },
      );
    },
    // Marking as seen is a side effect of opening the task: a failure is not worth a toast.
    meta: { handlesError: true },
  });
}

/**
 * POST /v3/project/updateUserTaskOrder: the caller's sort is theirs (User.taskSortType), so the
 * signed-in user's copy changes at once and the board follows without waiting for the answer.
 */
export function useSetTaskSort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sortType: TaskSortType) => api(tasksContract.updateUserTaskOrder, { query: { sortType } }),
    onMutate: (sortType) => {
      const previous = queryClient.getQueryData<User>(sessionKeys.me)?.taskSortType;
      queryClient.setQueryData<User>(sessionKeys.me, (user) => (user ? { ...user, taskSortType: sortType } : user));
      return { previous };
    },
    onError: (_error, _sortType, context) => {
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<User>(sessionKeys.me, (user) => (user ? { ...user, taskSortType: previous } : user));
      }
    },
    meta: { errorMessage: "Unable to save the task order. Try again later!" },
  });
}

type TaskPages = InfiniteData<{ items: Task[]; nextCursor: string | null }>;

/** The loaded pages with one task moved, each page keeping its length (and so its cursor's place). */
function moveInPages(data: TaskPages, taskId: string, afterTaskId: string | null): TaskPages {
  const items = data.pages.flatMap((page) => page.items);
  const moving = items.find((item) => item.id === taskId);
  if (!moving) return data;
  const rest = items.filter((item) => item.id !== taskId);
  const at = afterTaskId === null ? 0 : rest.findIndex((item) => item.id === afterTaskId) + 1;
  rest.splice(at, 0, moving);
  let offset = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const next = { ...page, items: rest.slice(offset, offset + page.items.length) };
      offset += page.items.length;
      return next;
    }),
  };
}

/**
 * POST /v3/project/{id}/tasks/reorder: one task placed right after another (null: at the top).
 * The custom list moves at once; a failure puts it back as the server has it.
 */
export function useReorderTask(projectId: string) {
  const queryClient = useQueryClient();
  const key = taskKeys.list(projectId, "custom");
  return useMutation({
    mutationFn: (move: { taskId: string; afterTaskId: string | null }) =>
      api(tasksContract.reorder, { params: { id: projectId }, body: { tasks: [move] } }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TaskPages>(key, (data) =>
        data ? moveInPages(data, move.taskId, move.afterTaskId) : data,
      );
    },
    onSettled: () => refreshAround(queryClient, projectId),
    meta: { errorMessage: "Unable to save the task order. Try again later!" },
  });
}
