import { updateTaskSchema } from "@atelier/shared";
import { Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { applyServerErrors, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useUpdateTask } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** Title and description of a task (owner, editor, staff). */
    taskEdit: { projectId: string; taskId: string; title: string; description: string };
  }
}

export function TaskEditDialog({
  projectId,
  taskId,
  title,
  description,
  onClose,
}: { projectId: string; taskId: string; title: string; description: string } & ModalControls) {
  const update = useUpdateTask();
  const form = useForm({
    initialValues: { title, description },
    validate: (values) => schemaErrors(updateTaskSchema, { projectId, taskId, ...values }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { projectId, taskId, ...values },
      {
        onSuccess: () => {
          toast.success("Task updated");
          onClose();
        },
        onError: applyServerErrors(form),
      },
    ),
  );
  return (
    <AppDialog title="Edit task" onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Title" required data-autofocus {...form.getInputProps("title")} />
          <Textarea label="Description" autosize minRows={3} maxRows={12} {...form.getInputProps("description")} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
