import { Box, Button, Group, LoadingOverlay, Stack, Text } from "@mantine/core";
import { AppDialog } from "../app-dialog.tsx";

/** SPEC §2 "remove comment": the question, and its loading overlay while the call runs. */
export function CommentRemoveConfirm({
  isReply,
  isPending,
  onClose,
  onConfirm,
}: {
  isReply: boolean;
  isPending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
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
