import { TASK_PRIORITIES, TASK_PRIORITY_TEXT, type TaskPriority } from "@atelier/shared";
import { Button, Group, Radio, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useUpdateTaskPriority } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    taskPriority: { projectId: string; taskId: string; priority: TaskPriority };
  }
}

function isPriority(value: string): value is TaskPriority {
  return (TASK_PRIORITIES as readonly string[]).includes(value);
}

export function TaskPriorityDialog({
  projectId,
  taskId,
  priority,
  onClose,
}: { projectId: string; taskId: string; priority: TaskPriority } & ModalControls) {
  const update = useUpdateTaskPriority();
  const form = useForm<{ priority: TaskPriority }>({ initialValues: { priority } });
  const value = form.values.priority;
  return (
    <AppDialog title="Set priority" onClose={onClose} size="sm">
      <Stack gap="md">
        <Radio.Group
          label="Priority"
          value={value}
          onChange={(next) => {
            if (isPriority(next)) form.setFieldValue("priority", next);
          }}
        >
          <Stack gap="xs" mt="xs">
            {TASK_PRIORITIES.map((option) => (
              <Radio key={option} value={option} label={TASK_PRIORITY_TEXT[option]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={value === priority}
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { projectId, taskId, taskPriority: value },
                {
                  onSuccess: (task) => {
                    toast.success(`Priority set to ${task.priority.textValue || TASK_PRIORITY_TEXT[value]}`);
                    onClose();
                  },
                },
              )
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
