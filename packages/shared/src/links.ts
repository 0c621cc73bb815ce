/**
 * The app's addresses of a task and what is inside it (issue 29): the task panel, a design in the
 * viewer, one of its versions, one comment. One builder, used by the server for message and
 * e-mail links and by the web when the viewer writes its place into the address bar, so a link
 * and the address the viewer shows are the same string. Paths are under the web app's /app base.
 */

/** Where inside a task a link lands: a design (any version's uuid), a version to show, a comment. */
export interface TaskLinkTarget {
  design?: string | null | undefined;
  version?: string | null | undefined;
  comment?: string | null | undefined;
}

/** The search parameters the task route reads, in the order the builder writes them. */
export const TASK_LINK_PARAMS = ["design", "version", "comment"] as const;

export function taskPath(projectId: string, taskId: string): string {
  return `/project/${projectId}/task/${taskId}`;
}

/** `/project/{id}/task/{taskId}?design=…&version=…&comment=…` (only the parts given; none without a design). */
export function taskLink(projectId: string, taskId: string, target: TaskLinkTarget = {}): string {
  const path = taskPath(projectId, taskId);
  if (!target.design) return path;
  // Written by hand: the shared package runs without the DOM's URLSearchParams types.
  const query = TASK_LINK_PARAMS.flatMap((name) => {
    const value = target[name];
    return value ? [`${name}=${encodeURIComponent(value)}`] : [];
  });
  return `${path}?${query.join("&")}`;
}
