import { Box, Button, Group, LoadingOverlay, Stack, Text } from "@mantine/core";
import { AppDialog } from "../app-dialog.tsx";
import { toast } from "../toasts.ts";

/** The comment a remove question is about. */
export interface CommentToRemove {
  projectId: string;
  taskId: string;
  commentId: string;
}

/** The removal call of a comment's feature (a design's comments, a task's conversation). */
export interface CommentRemoval {
  isPending: boolean;
  mutate: (comment: CommentToRemove, options: { onSuccess: () => void }) => void;
}

/**
 * SPEC §2 "remove comment": the question, its loading overlay while the call runs, and the toast
 * and close once it is removed; `removal` is the feature's own call.
 */
export function CommentRemoveConfirm({
  comment,
  isReply,
  removal,
  onClose,
}: {
  comment: CommentToRemove;
  isReply: boolean;
  removal: CommentRemoval;
  onClose: () => void;
}) {
  const isPending = removal.isPending;
  const onConfirm = () =>
    removal.mutate(comment, {
      onSuccess: () => {
        toast.success(isReply ? "Reply removed" : "Comment removed");
        onClose();
      },
    });
  return (
    <AppDialog title={isReply ? "Remove reply" : "Remove comment"} onClose={onClose} size="sm">
      <Box pos="relative">
        <LoadingOverlay
          visible={isPending}
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
            <Button color="red" disabled={isPending} onClick={onConfirm}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Box>
    </AppDialog>
  );
}
