import type { ReviewDecision } from "@atelier/shared";
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useCancelReviewRound, useDecideInReviewRound } from "./use-review-rounds.ts";

interface RoundRef {
  projectId: string;
  taskId: string;
  roundId: string;
  number: number;
}

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** A reviewer's decision in a round, with an optional note (confirmed before sending). */
    reviewRoundDecide: RoundRef & { decision: ReviewDecision };
    /** Cancel an open round, confirmed first. */
    reviewRoundCancel: RoundRef;
  }
}

export function ReviewRoundDecideDialog({
  projectId,
  taskId,
  roundId,
  number,
  decision,
  onClose,
}: RoundRef & { decision: ReviewDecision } & ModalControls) {
  const decide = useDecideInReviewRound(taskId);
  const form = useForm({ initialValues: { comment: "" } });
  const approving = decision === "approved";
  const title = approving ? `Approve in round ${number}` : `Request changes in round ${number}`;
  return (
    <AppDialog title={title} onClose={onClose} size="md">
      <Stack gap="md">
        <Text>
          {approving
            ? "Approve the designs of this round? The task is approved when the round's rule is met."
            : "Ask for changes to the designs of this round? You can change your decision while the round is open."}
        </Text>
        <Textarea
          label="Note for the team"
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
            loading={decide.isPending}
            onClick={() =>
              decide.mutate(
                { projectId, taskId, roundId, decision, comment: form.values.comment.trim() || undefined },
                {
                  onSuccess: () => {
                    toast.success(approving ? "Approved" : "Changes requested");
                    onClose();
                  },
                },
              )
            }
          >
            {approving ? "Approve" : "Request changes"}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

export function ReviewRoundCancelDialog({ projectId, taskId, roundId, number, onClose }: RoundRef & ModalControls) {
  const cancel = useCancelReviewRound(taskId);
  return (
    <ConfirmDialog
      title={`Cancel round ${number}`}
      confirmLabel="Cancel round"
      isDestructive
      isPending={cancel.isPending}
      onClose={onClose}
      onConfirm={() =>
        cancel.mutate(
          { projectId, taskId, roundId },
          {
            onSuccess: () => {
              toast.success("Review round cancelled");
              onClose();
            },
          },
        )
      }
    >
      Cancel review round {number}? Its reviewers' decisions stay on record; the task stays in review.
    </ConfirmDialog>
  );
}
