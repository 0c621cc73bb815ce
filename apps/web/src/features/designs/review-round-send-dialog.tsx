import {
  deadlineForDay,
  type GuestReviewerCandidate,
  REVIEW_ROUND_RULE_TEXT,
  REVIEW_ROUND_RULES,
  type ReviewerCandidate,
  type ReviewRoundRule,
  sendReviewRoundSchema,
} from "@atelier/shared";
import { Button, Checkbox, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useTaskDesigns } from "./use-designs.ts";
import { useSendReviewRound } from "./use-review-rounds.ts";

interface SendProps {
  projectId: string;
  taskId: string;
  candidates: ReviewerCandidate[];
  /** guests who used one of the task's live links */
  guestCandidates: GuestReviewerCandidate[];
}

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** POST /v3/project/task/review-round: designs, reviewers, the rule and the due day. */
    reviewRoundSend: SendProps;
  }
}

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of a day from now (UTC, as due days are). */
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** The date input's day as the due value (23:59:59 UTC of it), or 0 when empty. */
function dueOf(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? deadlineForDay(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : 0;
}

const FIELDS = ["designerFileUuids", "reviewerIds", "guestIds", "rule", "dueAt"];

export function ReviewRoundSendDialog({
  projectId,
  taskId,
  candidates,
  guestCandidates,
  onClose,
}: SendProps & ModalControls) {
  const designs = useTaskDesigns(projectId, taskId);
  const files = designs.data?.designerFileList ?? [];
  const send = useSendReviewRound(taskId);
  const form = useForm({
    initialValues: {
      designerFileUuids: files.map((file) => file.uuid),
      reviewerIds: [] as string[],
      guestIds: [] as string[],
      rule: "all" as ReviewRoundRule,
      due: isoDay(3),
    },
    validate: ({ due, ...values }) => {
      const errors = schemaErrors(sendReviewRoundSchema, { projectId, taskId, ...values, dueAt: dueOf(due) });
      const { dueAt, ...rest } = errors;
      return dueAt ? { ...rest, due: dueAt } : rest;
    },
  });
  return (
    <AppDialog title="Send for review" onClose={onClose} size="md">
      <form
        noValidate
        onSubmit={form.onSubmit(({ due, ...values }) =>
          send.mutate(
            { projectId, taskId, ...values, dueAt: dueOf(due) },
            {
              onSuccess: () => {
                toast.success("Sent for review");
                onClose();
              },
              onError: (error) => {
                applyServerErrors(form)(error);
              },
            },
          ),
        )}
      >
        <Stack gap="md">
          <Checkbox.Group label="Designs" {...form.getInputProps("designerFileUuids")}>
            <Stack gap={6} mt={6}>
              {files.map((file) => (
                <Checkbox key={file.uuid} value={file.uuid} label={`${file.name} (v${file.version})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox.Group
            label="Reviewers"
            description="Members of the project's team (not the task's designer)"
            {...form.getInputProps("reviewerIds")}
          >
            <Stack gap={6} mt={6}>
              {candidates.length === 0 ? (
                <Text size="sm" c="gray.7">
                  Nobody on the team can be asked yet.
                </Text>
              ) : (
                candidates.map((person) => (
                  <Checkbox
                    key={person.userId}
                    value={person.userId}
                    label={`${person.firstName} ${person.secondName} (${person.projectRole})`}
                  />
                ))
              )}
            </Stack>
          </Checkbox.Group>
          {guestCandidates.length > 0 ? (
            <Checkbox.Group
              label="Guests"
              description="Guests who opened one of this task's live review links; they decide on their review page"
              {...form.getInputProps("guestIds")}
            >
              <Stack gap={6} mt={6}>
                {guestCandidates.map((guest) => (
                  <Checkbox key={guest.guestId} value={guest.guestId} label={`${guest.name} (guest, ${guest.email})`} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
          <Radio.Group label="The task is approved when" {...form.getInputProps("rule")}>
            <Group gap="md" mt={6}>
              {REVIEW_ROUND_RULES.map((rule) => (
                <Radio key={rule} value={rule} label={REVIEW_ROUND_RULE_TEXT[rule]} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput type="date" label="Due day" min={isoDay(0)} {...form.getInputProps("due")} />
          <FormAlert message={formAlertText(send.error, "Unable to send the designs for review.", FIELDS)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send for review
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
