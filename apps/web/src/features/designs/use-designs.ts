import {
  designsContract,
  type EndpointInput,
  MESSAGES,
  type Task,
  type TaskDesigns,
  ZIP_POLL_MS,
} from "@atelier/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { api } from "../../lib/api-client.ts";
import { designKeys } from "./design-keys.ts";

type Body<E extends keyof typeof designsContract> =
  EndpointInput<(typeof designsContract)[E]> extends { body: infer B } ? B : never;

interface TaskRef {
  projectId: string;
  taskId: string;
}

/** GET /v3/project/{id}/task/{taskId}/designs: the files in order with their comments. */
export function useTaskDesigns(projectId: string, taskId: string) {
  return useQuery({
    queryKey: designKeys.task(taskId),
    queryFn: ({ signal }) => api(designsContract.get, { params: { id: projectId, taskId } }, { signal }),
    // A PDF's page-1 preview is made by a background job a moment after the upload; until it is
    // settled the designs are read again now and then (the job sends no event of its own).
    refetchInterval: (query) =>
      query.state.data?.designerFileList.some((file) => file.pdfPreview?.status === "pending")
        ? PDF_PREVIEW_POLL_MS
        : false,
  });
}

const PDF_PREVIEW_POLL_MS = 2000;

/**
 * The task's own flags move with its designs (designsAndCommentsSeen, zip link, status, history),
 * on its panel, its board and the dashboard. The tasks feature's keys all start with "tasks";
 * importing its key factory would cross features outside their index (DESIGN §11), so this
 * refreshes that whole family: only the queries on screen refetch.
 */
function refreshTask(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: TASK_QUERIES });
}

const TASK_QUERIES = ["tasks"] as const;

/** A call answering the task's designs as the caller now sees them: keep that copy. */
function useDesignsChange<Input extends TaskRef>(
  taskId: string,
  call: (input: Input) => Promise<TaskDesigns>,
  errorMessage: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (designs) => {
      queryClient.setQueryData(designKeys.task(taskId), designs);
      void queryClient.invalidateQueries({ queryKey: designKeys.zip(taskId) });
      return refreshTask(queryClient);
    },
    meta: { errorMessage },
  });
}

/** A comment call: the thread is refetched (one statement set server-side, SPEC's ≤3). */
function useCommentChange<Input extends TaskRef>(
  taskId: string,
  call: (input: Input) => Promise<unknown>,
  errorMessage: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designKeys.task(taskId) }),
    meta: { errorMessage },
  });
}

export const useAddDesigns = (taskId: string) =>
  useDesignsChange(
    taskId,
    (body: Body<"addDesign">) => api(designsContract.addDesign, { body }),
    MESSAGES.unableToAddDesign,
  );

export const useAddDesignVersion = (taskId: string) =>
  useDesignsChange(
    taskId,
    (body: Body<"addDesignVersion">) => api(designsContract.addDesignVersion, { body }),
    MESSAGES.unableToAddDesign,
  );

/** A video's poster (decision 058): a captured frame, uploaded, then set. */
export const useSetDesignPoster = (taskId: string) =>
  useDesignsChange(
    taskId,
    (body: Body<"setDesignPoster">) => api(designsContract.setDesignPoster, { body }),
    "Unable to set the poster. Try again later!",
  );

export const useRemoveDesign = (taskId: string) =>
  useDesignsChange(
    taskId,
    (body: Body<"removeDesign">) => api(designsContract.removeDesign, { body }),
    "Unable to remove the designer file. Try again later!",
  );

export const useRemoveAllDesigns = (taskId: string) =>
  useDesignsChange(
    taskId,
    (body: Body<"removeAllDesigns">) => api(designsContract.removeAllDesigns, { body }),
    "Unable to remove the designer files. Try again later!",
  );

/** The new order shows at once; a failure puts the server's order back. */
export function useReorderDesigns(projectId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (designerFileList: string[]) =>
      api(designsContract.updateDesignFileOrder, { body: { projectId, taskId, designerFileList } }),
    onMutate: async (designerFileList) => {
      await queryClient.cancelQueries({ queryKey: designKeys.task(taskId) });
      const before = queryClient.getQueryData<TaskDesigns>(designKeys.task(taskId));
      if (before) {
        const byKey = new Map(before.designerFileList.map((file) => [file.designerFileKey, file]));
        const ordered = designerFileList.flatMap((key) => {
          const file = byKey.get(key);
          return file ? [file] : [];
        });
        queryClient.setQueryData(designKeys.task(taskId), { ...before, designerFileList: ordered });
      }
      return { before };
    },
    onError: (_error, _keys, context) => {
      if (context?.before) queryClient.setQueryData(designKeys.task(taskId), context.before);
    },
    onSuccess: (designs) => {
      queryClient.setQueryData(designKeys.task(taskId), designs);
      void queryClient.invalidateQueries({ queryKey: designKeys.zip(taskId) });
    },
    meta: { errorMessage: "Unable to reorder the designer files. Try again later!" },
  });
}

/** Seen flags: quiet (no toast); the task's designsAndCommentsSeen follows from them. */
function useSeenCall<Input extends TaskRef>(taskId: string, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: designKeys.task(taskId) }), refreshTask(queryClient)]),
    meta: { handlesError: true },
  });
}

export const useMarkDesignSeen = (taskId: string) =>
  useSeenCall(taskId, (body: Body<"designSeen">) => api(designsContract.designSeen, { body }));

export const useMarkCommentsSeen = (taskId: string) =>
  useSeenCall(taskId, (body: Body<"commentsSeen">) => api(designsContract.commentsSeen, { body }));

export const useAddComment = (taskId: string) =>
  useCommentChange(
    taskId,
    (body: Body<"addComment">) => api(designsContract.addComment, { body }),
    "Unable to add the comment. Try again later!",
  );

export const useReplyComment = (taskId: string) =>
  useCommentChange(
    taskId,
    (body: Body<"reply">) => api(designsContract.reply, { body }),
    "Unable to add the reply. Try again later!",
  );

export const useEditComment = (taskId: string) =>
  useCommentChange(
    taskId,
    (body: Body<"editComment">) => api(designsContract.editComment, { body }),
    "Unable to edit the comment. Try again later!",
  );

export const useRemoveComment = (taskId: string) =>
  useCommentChange(
    taskId,
    (body: Body<"removeComment">) => api(designsContract.removeComment, { body }),
    "Unable to remove the comment. Try again later!",
  );

export const useResolveComment = (taskId: string) =>
  useCommentChange(
    taskId,
    (body: Body<"resolveComment">) => api(designsContract.resolveComment, { body }),
    "Unable to update the comment. Try again later!",
  );

/** Calls answering the task (feedback moves its status; approve approves it). */
function useTaskAnswer<Input extends TaskRef>(
  taskId: string,
  call: (input: Input) => Promise<Task>,
  errorMessage: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: designKeys.task(taskId) }), refreshTask(queryClient)]),
    meta: { errorMessage },
  });
}

export const useGiveFeedback = (taskId: string) =>
  useTaskAnswer(
    taskId,
    ({ projectId, designerFileUuid, feedback, comment }: TaskRef & Body<"feedback"> & { designerFileUuid: string }) =>
      api(designsContract.feedback, { params: { projectId, taskId, designerFileUuid }, body: { feedback, comment } }),
    "Unable to send the feedback. Try again later!",
  );

export const useApproveTask = (taskId: string) =>
  useTaskAnswer(
    taskId,
    ({ projectId }: TaskRef) => api(designsContract.approve, { params: { id: projectId, taskId } }),
    MESSAGES.unableToUpdateTaskStatus,
  );

/**
 * The download-zip dialog: GET …/zipDesign starts (or reuses) the build and answers its state, then
 * …/getZipLink is polled every ZIP_POLL_MS (SPEC §9: 1000 ms) until the zip is created or there is
 * nothing to zip. No retries: a failed poll is SPEC §8's 'Failed to ping {product}' at once.
 */
export function useZipLink(projectId: string, taskId: string) {
  const started = useRef(false);
  return useQuery({
    queryKey: designKeys.zip(taskId),
    queryFn: ({ signal }) => {
      const params = { id: projectId, taskId };
      if (!started.current) {
        started.current = true;
        return api(designsContract.zipDesign, { params }, { signal });
      }
      return api(designsContract.getZipLink, { params }, { signal });
    },
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.status === "error") return false;
      if (data && (data.zipCreated || !data.designerFilesUploaded || !data.success)) return false;
      return ZIP_POLL_MS;
    },
    meta: { handlesError: true },
  });
}

/** POST /v3/project/addChatFile: registers the caller's uploads so a comment may carry them. */
export function useAddChatFiles() {
  return useMutation({
    mutationFn: (body: Body<"addChatFile">) => api(designsContract.addChatFile, { body }),
    meta: { errorMessage: "Unable to attach the files. Try again later!" },
  });
}
