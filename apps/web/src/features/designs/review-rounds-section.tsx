import {
  formatDay,
  REVIEW_ROUND_RULE_TEXT,
  REVIEW_ROUND_STATE_TEXT,
  REVIEWER_DECISION_TEXT,
  type Reviewer,
  type ReviewerDecision,
  type ReviewRound,
  type ReviewRoundState,
} from "@atelier/shared";
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { openModal } from "../../ui/modal-store.ts";
import { useReviewRounds } from "./use-review-rounds.ts";

const STATE_COLOR: Record<ReviewRoundState, string> = {
  open: "blue",
  approved: "teal",
  changesRequested: "orange",
  cancelled: "gray",
};

const DECISION_COLOR: Record<ReviewerDecision, string> = {
  pending: "gray",
  approved: "teal",
  changesRequested: "orange",
};

interface TaskRef {
  projectId: string;
  taskId: string;
}

/** A member by name; a guest (decision 059) by the name they gave, marked as a guest. */
const reviewerName = (reviewer: Reviewer) =>
  reviewer.guestId ? `${reviewer.firstName} (guest)` : `${reviewer.firstName} ${reviewer.secondName}`;

function RoundCard({ round, taskRef }: { round: ReviewRound; taskRef: TaskRef }) {
  const title = `Round ${round.number}`;
  const me = round.reviewers.find((reviewer) => reviewer.isMe);
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Badge color={STATE_COLOR[round.state]} variant="light" c="dark">
            {REVIEW_ROUND_STATE_TEXT[round.state]}
          </Badge>
        </Group>
        <Text size="xs" c="gray.7">
          Due {formatDay(round.dueAt)} · {REVIEW_ROUND_RULE_TEXT[round.rule]} · sent by {round.sentBy.firstName}{" "}
          {round.sentBy.secondName}
        </Text>
        <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
          {round.designs.length === 0
            ? "Its designs were removed."
            : round.designs.map((design) => `${design.name} (v${design.version})`).join(", ")}
        </Text>
        <Stack gap={4} component="ul" aria-label={`Reviewers of round ${round.number}`} m={0} p={0}>
          {round.reviewers.map((reviewer) => (
            <Group
              key={reviewer.userId ?? reviewer.guestId ?? `${reviewer.firstName}-${reviewer.decidedAt}`}
              component="li"
              gap="xs"
              wrap="nowrap"
              style={{ listStyle: "none" }}
              aria-label={`${reviewerName(reviewer)}: ${REVIEWER_DECISION_TEXT[reviewer.decision]}`}
            >
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                {reviewerName(reviewer)}
                {reviewer.isMe ? " (you)" : ""}
                {reviewer.comment ? (
                  <Text span size="xs" c="gray.7">
                    {" "}
                    “{reviewer.comment}”
                  </Text>
                ) : null}
              </Text>
              <Badge color={DECISION_COLOR[reviewer.decision]} variant="light" c="dark" style={{ flexShrink: 0 }}>
                {REVIEWER_DECISION_TEXT[reviewer.decision]}
              </Badge>
            </Group>
          ))}
        </Stack>
        {round.abilities.canDecide || round.abilities.canCancel ? (
          <Group gap="xs">
            {round.abilities.canDecide ? (
              <>
                <Button
                  size="compact-sm"
                  color="teal.9"
                  onClick={() =>
                    openModal("reviewRoundDecide", {
                      ...taskRef,
                      roundId: round.id,
                      number: round.number,
                      decision: "approved",
                    })
                  }
                >
                  {me?.decision === "approved" ? "Approved" : "Approve"}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  c="dark"
                  onClick={() =>
                    openModal("reviewRoundDecide", {
                      ...taskRef,
                      roundId: round.id,
                      number: round.number,
                      decision: "changesRequested",
                    })
                  }
                >
                  Request changes
                </Button>
              </>
            ) : null}
            {round.abilities.canCancel ? (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                onClick={() => openModal("reviewRoundCancel", { ...taskRef, roundId: round.id, number: round.number })}
              >
                Cancel round
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The task's review rounds (issue 23, part 4): each round's due day, rule and every reviewer's
 * decision; a reviewer decides here; who may approve the task sends a round or cancels one.
 */
export function ReviewRoundsSection({ projectId, taskId }: TaskRef) {
  const rounds = useReviewRounds(projectId, taskId);
  const items = rounds.data?.items ?? [];
  if (rounds.isPending) return <Skeleton height={48} aria-label="Loading review rounds" role="status" />;
  if (rounds.isError)
    return (
      <Group gap="xs">
        <Text size="sm" role="alert">
          The review rounds could not be loaded.
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void rounds.refetch()}>
          Try again
        </Button>
      </Group>
    );
  if (items.length === 0 && !rounds.data.canSend) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Review rounds">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={4} size="h6">
          Review rounds
        </Title>
        {rounds.data.canSend ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() =>
              openModal("reviewRoundSend", {
                projectId,
                taskId,
                candidates: rounds.data.candidates,
                guestCandidates: rounds.data.guestCandidates,
              })
            }
          >
            Send for review
          </Button>
        ) : null}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          No review rounds yet. Send the designs to reviewers to decide the approval together.
        </Text>
      ) : (
        items.map((round) => <RoundCard key={round.id} round={round} taskRef={{ projectId, taskId }} />)
      )}
    </Stack>
  );
}
