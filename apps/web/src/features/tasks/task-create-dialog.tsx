import { createTaskSchema, TASK_PRIORITIES, TASK_PRIORITY_TEXT, type TaskPriority } from "@atelier/shared";
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useNavigate } from "../../lib/router/index.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { schemaErrors, serverFieldErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { DayPickerInput } from "./day-picker-input.tsx";
import { DescriptionFilesInput, type UploadedFile } from "./description-files-input.tsx";
import { dayToDeadline, taskPath, todayDay } from "./task-format.ts";
import { useCreateTask } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2: a new task on a project, with description files. */
    taskCreate: { projectId: string };
  }
}

interface CreateValues {
  title: string;
  description: string;
  priority: TaskPriority;
  deadline: string | null;
  files: UploadedFile[];
}

function toPayload(projectId: string, values: CreateValues) {
  return {
    projectId,
    title: values.title,
    description: values.description || undefined,
    priority: values.priority,
    deadline: values.deadline ? dayToDeadline(values.deadline) : undefined,
    descriptionFileKeys: values.files.length > 0 ? values.files.map((file) => file.key) : undefined,
  };
}

/** The server names the file keys `descriptionFileKeys`; the form's field is `files`. */
function mapErrors(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    mapped[key.startsWith("descriptionFileKeys") ? "files" : key] ??= message;
  }
  return mapped;
}

export function TaskCreateDialog({ projectId, onClose }: { projectId: string } & ModalControls) {
  const create = useCreateTask();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const form = useForm<CreateValues>({
    initialValues: { title: "", description: "", priority: "medium", deadline: null, files: [] },
    validate: (values) => mapErrors(schemaErrors(createTaskSchema, toPayload(projectId, values))),
  });

  const submit = form.onSubmit((values) =>
    create.mutate(toPayload(projectId, values), {
      onSuccess: (task) => {
        toast.success(`Task "${task.title}" was added`);
        onClose();
        void navigate(taskPath(task), { preventScrollReset: true });
      },
      onError: (error) => form.setErrors(mapErrors(serverFieldErrors(error))),
    }),
  );

  return (
    <AppDialog title="New task" onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Title" required data-autofocus {...form.getInputProps("title")} />
          <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps("description")} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Priority"
              allowDeselect={false}
              data={TASK_PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_TEXT[value] }))}
              {...form.getInputProps("priority")}
            />
            <DayPickerInput
              label="Deadline"
              placeholder="No deadline"
              clearable
              minDate={todayDay()}
              clearButtonProps={{ "aria-label": "Clear deadline" }}
              {...form.getInputProps("deadline")}
            />
          </SimpleGrid>
          <DescriptionFilesInput
            value={form.values.files}
            onChange={(files) => form.setFieldValue("files", files)}
            onUploadingChange={setUploading}
            error={typeof form.errors.files === "string" ? form.errors.files : null}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={uploading}>
              Add task
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
