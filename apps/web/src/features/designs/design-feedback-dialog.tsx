import type { DesignFeedbackValue } from "@atelier/shared";
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useGiveFeedback } from "./use-designs.ts";

interface FeedbackProps {
  projectId: string;
  taskId: string;
  designerFileUuid: string;
  fileName: string;
  feedback: DesignFeedbackValue;
}

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** Approve a design or ask for changes, with an optional note (confirm before sending). */
    designFeedback: FeedbackProps;
  }
}

export function DesignFeedbackDialog({
  projectId,
  taskId,
  designerFileUuid,
  fileName,
  feedback,
  onClose,
}: FeedbackProps & ModalControls) {
  const give = useGiveFeedback(taskId);
  const form = useForm({ initialValues: { comment: "" } });
  const approving = feedback === "approved";
  return (
    <AppDialog title={approving ? "Approve design" : "Request changes"} onClose={onClose} size="md">
      <Stack gap="md">
        <Text>
          {approving ? "Approve " : "Ask the designer for changes to "}
          <strong style={{ overflowWrap: "anywhere" }}>{fileName}</strong>?
          {approving ? "" : " The task goes back to in progress."}
        </Text>
        <Textarea
          label="Note for the designer"
          description="Optional"
          autosize
          minRows={2}
          {...form.getInputProps("comment")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color={approving ? "teal.9" : "orange"}
            c={approving ? undefined : "dark"}
            loading={give.isPending}
            onClick={() =>
              give.mutate(
                { projectId, taskId, designerFileUuid, feedback, comment: form.values.comment.trim() || undefined },
                {
                  onSuccess: () => {
                    toast.success(approving ? "Design approved" : "Changes requested");
                    onClose();
                  },
                },
              )
            }
          >
            {approving ? "Approve design" : "Request changes"}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
