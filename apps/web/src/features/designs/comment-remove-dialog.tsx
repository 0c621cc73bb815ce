import { Box, Button, Group, LoadingOverlay, Stack, Text } from "@mantine/core";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveComment } from "./use-designs.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "remove comment", with its loading overlay while the call runs. */
    designCommentRemove: { projectId: string; taskId: string; commentId: string; isReply: boolean };
  }
}

export function CommentRemoveDialog({
  projectId,
  taskId,
  commentId,
  isReply,
  onClose,
}: { projectId: string; taskId: string; commentId: string; isReply: boolean } & ModalControls) {
  const remove = useRemoveComment(taskId);
  return (
    <AppDialog title={isReply ? "Remove reply" : "Remove comment"} onClose={onClose} size="sm">
      <Box pos="relative">
        <LoadingOverlay
          visible={remove.isPending}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ "aria-label": "Removing" }}
        />
        <Stack gap="md">
          <Text>
            {isReply
              ? "Remove this reply? It is removed for everyone."
              : "Remove this comment and its replies? They are removed for everyone."}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { projectId, taskId, commentId },
                  {
                    onSuccess: () => {
                      toast.success(isReply ? "Reply removed" : "Comment removed");
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
      </Box>
    </AppDialog>
  );
}
