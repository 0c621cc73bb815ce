import type { Task } from "@atelier/shared";
import { Button, Group } from "@mantine/core";
import { openModal } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { statusActionLabel, statusLabel } from "./task-format.ts";
import { useSetTaskArchived, useUpdateTaskStatus } from "./use-task-mutations.ts";

/** The actions the caller may take on this task, from the server's `abilities`. */
export function TaskActions({ task }: { task: Task }) {
  const { abilities } = task;
  const ref = { projectId: task.projectId, taskId: task.id };
  const updateStatus = useUpdateTaskStatus();
  const setArchived = useSetTaskArchived();

  return (
    <Group gap="xs" wrap="wrap" aria-label="Task actions" role="group">
      {abilities.canStart ? (
        <Button onClick={() => openModal("taskEstimates", { ...ref, mode: "start", task })}>Start task</Button>
      ) : null}
      {/* Approval is the designs section's "Approve task", which asks to confirm first. */}
      {abilities.nextStatuses
        .filter((status) => status !== "approved")
        .map((status) => (
          <Button
            key={status}
            variant={status === "review" ? "filled" : "default"}
            loading={updateStatus.isPending && updateStatus.variables?.taskStatus === status}
            onClick={() =>
              updateStatus.mutate(
                { ...ref, taskStatus: status },
                { onSuccess: () => toast.success(`Task moved to ${statusLabel(status)}`) },
              )
            }
          >
            {statusActionLabel(task.status, status)}
          </Button>
        ))}
      {abilities.canUpdateEstimates ? (
        <Button variant="default" onClick={() => openModal("taskEstimates", { ...ref, mode: "revise", task })}>
          Revise estimates
        </Button>
      ) : null}
      {abilities.canEdit ? (
        <Button
          variant="default"
          onClick={() => openModal("taskEdit", { ...ref, title: task.title, description: task.description })}
        >
          Edit
        </Button>
      ) : null}
      {abilities.canAssignDesigner ? (
        <Button variant="default" onClick={() => openModal("taskAssignDesigner", { ...ref, title: task.title })}>
          {task.designer ? "Change designer" : "Assign designer"}
        </Button>
      ) : null}
      {abilities.canSetPriority ? (
        <Button variant="default" onClick={() => openModal("taskPriority", { ...ref, priority: task.priority.value })}>
          Set priority
        </Button>
      ) : null}
      {abilities.canSetDeadline ? (
        <Button variant="default" onClick={() => openModal("taskDeadline", { ...ref, deadline: task.deadline })}>
          Set deadline
        </Button>
      ) : null}
      {abilities.canArchive ? (
        <Button
          variant="default"
          loading={setArchived.isPending}
          onClick={() =>
            setArchived.mutate(
              { ...ref, archived: !task.taskArchived },
              {
                onSuccess: () =>
                  toast.success(task.taskArchived ? "Task moved back to the active list" : "Task archived"),
              },
            )
          }
        >
          {task.taskArchived ? "Unarchive" : "Archive"}
        </Button>
      ) : null}
      {abilities.canDelete ? (
        <Button variant="default" c="red.8" onClick={() => openModal("taskRemove", { ...ref, title: task.title })}>
          Delete
        </Button>
      ) : null}
    </Group>
  );
}
