import { Button, Group, Stack } from "@mantine/core";
import { useState } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { DescriptionFilesInput, type UploadedFile } from "./description-files-input.tsx";
import { useAddDescriptionFiles } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /**
     * Description files added to a saved task: the counterpart of SPEC §2's "remove description
     * files" (SPEC names only removal; a task's brief grows after it is created).
     */
    taskAddFiles: { projectId: string; taskId: string; attached: number };
  }
}

export function TaskAddFilesDialog({
  projectId,
  taskId,
  attached,
  onClose,
}: { projectId: string; taskId: string; attached: number } & ModalControls) {
  const add = useAddDescriptionFiles();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <AppDialog title="Add description files" onClose={onClose} size="md">
      <Stack gap="md">
        <DescriptionFilesInput
          value={files}
          onChange={setFiles}
          onUploadingChange={setUploading}
          alreadyAttached={attached}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={files.length === 0 || uploading}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { projectId, taskId, fileKeys: files.map((file) => file.key) },
                {
                  onSuccess: () => {
                    toast.success(files.length === 1 ? "File added" : `${files.length} files added`);
                    onClose();
                  },
                },
              )
            }
          >
            Add
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
