import type { RequestScope } from "./sessions/scope.ts";

/*
 * The usual ways a call names its project (and task), for `scopedRoute`. Each is typed by the
 * input it reads, so naming one on an endpoint whose schema lacks those fields is a type error.
 */

/** `/v3/project/{id}/…` and `/v3/project/get/{id}…`. */
export const projectInPath = ({ params }: { params: { id: string } }): RequestScope => ({ projectId: params.id });

/** `/v3/project/{id}/task/{taskId}/…`. */
export const taskInPath = ({ params }: { params: { id: string; taskId: string } }): RequestScope => ({
  projectId: params.id,
  taskId: params.taskId,
});

export const projectInBody = ({ body }: { body: { projectId: string } }): RequestScope => ({
  projectId: body.projectId,
});

export const taskInBody = ({ body }: { body: { projectId: string; taskId: string } }): RequestScope => ({
  projectId: body.projectId,
  taskId: body.taskId,
});
