import { TASK_SORT_TYPES, type TaskSortType } from "@atelier/shared";
import { useEffect, useRef } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { APP_BASE } from "../../lib/session.ts";
import { useSetTaskSort } from "./use-task-mutations.ts";

function isTaskSort(value: string | null | undefined): value is TaskSortType {
  return (TASK_SORT_TYPES as readonly string[]).includes(value ?? "");
}

function isOnProject(projectId: string): boolean {
  const path = window.location.pathname;
  const base = `${APP_BASE}/project/${projectId}`;
  return path === base || path.startsWith(`${base}/`);
}

/**
 * The board's sort is the user's `taskSortType`, stored by updateUserTaskOrder. Leaving the
 * project resets it to `created` (SPEC §4). "Leaving" is checked after the unmount settles, so
 * opening a task's panel (same project, another route) or a development double mount does not
 * count; a reload does not leave the project either, so the choice survives it.
 */
export function useTaskSort(projectId: string) {
  const user = useSignedInUser();
  const sort: TaskSortType = isTaskSort(user.taskSortType) ? user.taskSortType : "created";
  const setSort = useSetTaskSort();
  const sortRef = useRef(sort);
  sortRef.current = sort;
  const resetRef = useRef(setSort.mutate);
  resetRef.current = setSort.mutate;

  useEffect(
    () => () => {
      window.setTimeout(() => {
        if (sortRef.current !== "created" && !isOnProject(projectId)) resetRef.current("created");
      }, 0);
    },
    [projectId],
  );

  return {
    sort,
    setSort: (value: string | null) => {
      if (isTaskSort(value) && value !== sort) setSort.mutate(value);
    },
  };
}
