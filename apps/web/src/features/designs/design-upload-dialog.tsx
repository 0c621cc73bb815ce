import { MESSAGES } from "@atelier/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FileDropzone } from "../../ui/file-dropzone.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { DesignUploadList } from "./design-upload-list.tsx";
import { useAddDesigns, useAddDesignVersion } from "./use-designs.ts";
import { useUploads } from "./use-uploads.ts";

interface UploadProps {
  projectId: string;
  taskId: string;
  /** a new version of this file (one upload), or null for new files */
  versionOf: { designerFileUuid: string; name: string } | null;
}

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2/§4 "upload designer files": several files, a bar each, Submit held while uploading. */
    designUpload: UploadProps;
  }
}

export function DesignUploadDialog({ projectId, taskId, versionOf, onClose }: UploadProps & ModalControls) {
  const uploads = useUploads("design");
  const addDesigns = useAddDesigns(taskId);
  const addVersion = useAddDesignVersion(taskId);
  const labelId = useId();
  const pending = addDesigns.isPending || addVersion.isPending;
  const full = versionOf !== null && uploads.items.length > 0;

  function submit() {
    const onSuccess = () => {
      toast.success(versionOf ? "New version added" : uploads.keys.length === 1 ? "Design added" : "Designs added");
      onClose();
    };
    const [first] = uploads.keys;
    if (versionOf && first) {
      addVersion.mutate(
        { projectId, taskId, designerFileUuid: versionOf.designerFileUuid, designerFileKey: first },
        { onSuccess },
      );
    } else if (!versionOf) {
      addDesigns.mutate({ projectId, taskId, addedDesignsFileKeys: uploads.keys }, { onSuccess });
    }
  }

  return (
    <AppDialog
      title={versionOf ? `New version of ${versionOf.name}` : "Upload designer files"}
      onClose={onClose}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" id={labelId}>
          {versionOf ? "Choose the file of the new version." : "Choose or drop the design files to add to the task."}
        </Text>
        <FileDropzone
          onDrop={(files) => uploads.add(versionOf ? files.slice(0, 1) : files)}
          onReject={() => toast.error(MESSAGES.unableToAddDesign)}
          multiple={versionOf === null}
          disabled={full || pending}
          padding="lg"
          labelledBy={labelId}
        />
        <DesignUploadList items={uploads.items} onRemove={uploads.remove} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={uploads.uploading || uploads.keys.length === 0} loading={pending} onClick={submit}>
            Submit
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
