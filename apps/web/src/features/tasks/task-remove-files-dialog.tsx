import type { TaskFile } from "@atelier/shared";
import { Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { formatFileSize } from "../../ui/file-size.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveDescriptionFiles } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "remove description files": pick the files to take off the task's description. */
    taskRemoveFiles: { projectId: string; taskId: string; files: TaskFile[] };
  }
}

export function TaskRemoveFilesDialog({
  projectId,
  taskId,
  files,
  onClose,
}: { projectId: string; taskId: string; files: TaskFile[] } & ModalControls) {
  const remove = useRemoveDescriptionFiles();
  const form = useForm<{ chosen: string[] }>({ initialValues: { chosen: [] } });
  const { chosen } = form.values;
  return (
    <AppDialog title="Remove description files" onClose={onClose} size="md">
      <Stack gap="md">
        <Checkbox.Group label="Files to remove" value={chosen} onChange={(keys) => form.setFieldValue("chosen", keys)}>
          <Stack gap="xs" mt="xs">
            {files.map((file) => (
              <Checkbox
                key={file.key}
                value={file.key}
                label={
                  <>
                    {file.name}{" "}
                    <Text span size="xs" c="gray.7">
                      ({formatFileSize(file.size)})
                    </Text>
                  </>
                }
                styles={{ label: { overflowWrap: "anywhere" } }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={chosen.length === 0}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { projectId, taskId, fileKeys: chosen },
                {
                  onSuccess: () => {
                    toast.success(chosen.length === 1 ? "File removed" : `${chosen.length} files removed`);
                    onClose();
                  },
                },
              )
            }
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
