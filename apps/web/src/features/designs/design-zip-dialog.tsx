import { MESSAGES } from "@atelier/shared";
import { Anchor, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { PRODUCT_NAME } from "../../lib/product.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { fileUrl } from "./design-format.ts";
import { useZipLink } from "./use-designs.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "download zip": builds (or reuses) the zip of the task's designer files. */
    designZip: { projectId: string; taskId: string; taskTitle: string };
  }
}

/**
 * Starts the zip and polls its link once a second (SPEC §4, §9) until it is built. No designer
 * files closes the dialog with SPEC §8's error; a failed poll closes it with 'Failed to ping {product}'.
 */
export function DesignZipDialog({
  projectId,
  taskId,
  taskTitle,
  onClose,
}: { projectId: string; taskId: string; taskTitle: string } & ModalControls) {
  const zip = useZipLink(projectId, taskId);
  const noFiles = zip.data !== undefined && !zip.data.designerFilesUploaded;
  const failed = zip.isError || (zip.data !== undefined && !zip.data.success && zip.data.designerFilesUploaded);

  // Once: the host may hand a new onClose while the dialog is closing.
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current) return;
    if (noFiles || failed) ended.current = true;
    if (noFiles) {
      toast.error(MESSAGES.noDesignerFiles);
      onClose();
    } else if (failed) {
      toast.error(MESSAGES.failedToPing(PRODUCT_NAME));
      onClose();
    }
  }, [noFiles, failed, onClose]);

  const link = zip.data?.zipCreated ? zip.data.linkToZip : null;
  // The job's own count (files written / total), polled with the link.
  const total = zip.data?.filesTotal ?? 0;
  const written = Math.min(zip.data?.filesWritten ?? 0, total);
  return (
    <AppDialog title="Download designs" onClose={onClose} size="sm">
      <Stack gap="md">
        {link ? (
          <>
            <Text role="status">The zip of the designer files is ready.</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button component="a" href={fileUrl(link)} download={`${taskTitle}.zip`} data-autofocus>
                Download zip
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text role="status">Preparing the zip of the designer files…</Text>
            {total ? (
              <>
                <Progress value={(written / total) * 100} aria-label={`Zipping: ${written} of ${total} files`} />
                <Text size="xs" c="gray.7">
                  {written} of {total} files
                </Text>
              </>
            ) : (
              // Before the first answer (or from a server that does not count): no figure to show.
              <Progress value={100} animated striped aria-label="Preparing the zip" />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} data-autofocus>
                Cancel
              </Button>
            </Group>
          </>
        )}
        {link ? (
          <Text size="xs" c="gray.7">
            Or copy the{" "}
            <Anchor href={fileUrl(link)} size="xs">
              link to the zip
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
