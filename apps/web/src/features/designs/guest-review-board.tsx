import {
  type DesignerFile,
  type FileComment,
  formatDay,
  type GuestReview,
  guestReviewContract,
  type Pin,
  REVIEWER_DECISION_TEXT,
} from "@atelier/shared";
import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { api } from "../../lib/api-client.ts";
import { ApiError } from "../../lib/api-error.ts";
import { CommentAuthor, CommentText } from "../../ui/comments/comment-parts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { fileUrl } from "./design-format.ts";

interface BoardProps {
  token: string;
  review: GuestReview;
  onChange: (review: GuestReview) => void;
  /** a call found the link revoked or expired: the screen shows that instead (true when it did) */
  onGone: (error: unknown) => boolean;
}

const guestHeaders = (token: string) => ({ headers: { "Guest-Token": token } });

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Try again later!";
}

/** The guest's review: each current design with its pins and threads, and the decision when allowed. */
export function GuestReviewBoard({ token, review, onChange, onGone }: BoardProps) {
  const [deciding, setDeciding] = useState<"approved" | "changesRequested" | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = async () => {
    try {
      onChange(await api(guestReviewContract.review, {}, guestHeaders(token)));
    } catch (caught) {
      if (!onGone(caught)) setError(errorText(caught));
    }
  };

  const decide = async (decision: "approved" | "changesRequested") => {
    setPending(true);
    try {
      onChange(await api(guestReviewContract.decide, { body: { decision } }, guestHeaders(token)));
      setDeciding(null);
    } catch (caught) {
      setDeciding(null);
      if (!onGone(caught)) setError(errorText(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {review.taskTitle}
          </Title>
          <Text size="sm" c="gray.7">
            {review.projectName} · reviewing as {review.guest.name} (guest)
          </Text>
        </div>
        <Badge variant="light" size="lg" aria-label={`Status: ${review.taskStatus}`}>
          {review.taskStatus === "approved"
            ? "Approved"
            : review.taskStatus === "review"
              ? "Waiting for review"
              : "In progress"}
        </Badge>
      </Group>
      {error ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {review.reviewRound ? (
        <Text size="sm" aria-live="polite">
          You were asked to review these designs (round {review.reviewRound.number}) by{" "}
          {formatDay(review.reviewRound.dueAt)}. Your decision: {REVIEWER_DECISION_TEXT[review.reviewRound.decision]}
          {review.reviewRound.decision === "pending" ? "" : " (you may change it while the round is open)"}.
        </Text>
      ) : null}
      {review.canDecide ? (
        <Group>
          <Button color="teal.9" onClick={() => setDeciding("approved")}>
            Approve
          </Button>
          <Button variant="default" onClick={() => setDeciding("changesRequested")}>
            Request changes
          </Button>
        </Group>
      ) : null}
      {review.designerFileList.length === 0 ? (
        <Text>No designs to review yet.</Text>
      ) : (
        review.designerFileList.map((file) => (
          <GuestDesign key={file.uuid} token={token} file={file} onSent={refresh} onGone={onGone} />
        ))
      )}
      {deciding ? (
        <ConfirmDialog
          title={deciding === "approved" ? "Approve the task?" : "Request changes?"}
          confirmLabel={deciding === "approved" ? "Approve" : "Request changes"}
          isPending={pending}
          onClose={() => setDeciding(null)}
          onConfirm={() => void decide(deciding)}
        >
          {review.reviewRound
            ? "Your decision counts in the review round; the round's rule decides the task."
            : deciding === "approved"
              ? "The team will see the task as approved."
              : "The task goes back to the designer. Say what to change in a comment."}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

interface DesignProps {
  token: string;
  file: DesignerFile;
  onSent: () => Promise<void>;
  onGone: (error: unknown) => boolean;
}

function GuestDesign({ token, file, onSent, onGone }: DesignProps) {
  const [pin, setPin] = useState<Pin | null>(null);
  const pins = file.fileCommentList.filter((thread) => thread.pin?.type === "point");

  return (
    <Paper withBorder p="md" component="section" aria-label={`Design ${file.name}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {file.name}
        </Title>
        {file.previewable ? (
          <Box pos="relative" style={{ cursor: "crosshair", maxWidth: 720 }}>
            <button
              type="button"
              aria-label={`Pin a comment on ${file.name}`}
              style={{ display: "block", padding: 0, border: 0, background: "none", width: "100%" }}
              onClick={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
                const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
                setPin({ type: "point", x, y });
              }}
            >
              <img src={fileUrl(file.designerFileKey)} alt={file.name} style={{ width: "100%", display: "block" }} />
            </button>
            {[
              ...pins.map((thread, index) => ({ id: thread.id, pin: thread.pin, label: String(index + 1) })),
              ...(pin ? [{ id: "draft", pin, label: "+" }] : []),
            ].map((mark) =>
              mark.pin?.type === "point" ? (
                <Box
                  key={mark.id}
                  aria-hidden
                  pos="absolute"
                  left={`${mark.pin.x * 100}%`}
                  top={`${mark.pin.y * 100}%`}
                  style={{
                    transform: "translate(-50%, -50%)",
                    pointerEvents: "none",
                    width: 24,
                    height: 24,
                    borderRadius: 12,
                    background: mark.id === "draft" ? "var(--mantine-color-grape-8)" : "var(--mantine-color-indigo-8)",
                    color: "white",
                    fontSize: 12,
                    display: "flex",
                    alignItems: "center",
                    justifyContent: "center",
                  }}
                >
                  {mark.label}
                </Box>
              ) : null,
            )}
          </Box>
        ) : (
          <Text size="sm">
            <a href={fileUrl(file.designerFileKey)} target="_blank" rel="noreferrer">
              Open {file.name}
            </a>
          </Text>
        )}
        <Stack gap="xs" aria-label={`Comments on ${file.name}`} role="list">
          {file.fileCommentList.map((thread) => (
            <GuestThread key={thread.id} token={token} thread={thread} onSent={onSent} onGone={onGone} />
          ))}
        </Stack>
        <TextForm
          label={pin ? "Comment on the pinned spot" : `Comment on ${file.name}`}
          submitLabel="Comment"
          extra={
            pin ? (
              <Button size="compact-xs" variant="subtle" onClick={() => setPin(null)}>
                Remove pin
              </Button>
            ) : (
              <Text size="xs" c="gray.7">
                Click the image to pin your comment to a spot.
              </Text>
            )
          }
          onSubmit={async (comment) => {
            try {
              await api(
                guestReviewContract.comment,
                { body: { designerFileUuid: file.uuid, comment, pin } },
                guestHeaders(token),
              );
              setPin(null);
              await onSent();
              return null;
            } catch (error) {
              return onGone(error) ? null : errorText(error);
            }
          }}
        />
      </Stack>
    </Paper>
  );
}

function GuestThread({
  token,
  thread,
  onSent,
  onGone,
}: {
  token: string;
  thread: FileComment;
  onSent: () => Promise<void>;
  onGone: (error: unknown) => boolean;
}) {
  const [replying, setReplying] = useState(false);
  return (
    <Paper withBorder p="xs" role="listitem" aria-label={`Comment by ${thread.userFirstName}`}>
      <Stack gap={4}>
        <CommentAuthor item={thread} />
        <CommentText text={thread.comment} />
        {thread.fileCommentReplyList.map((reply) => (
          <Box key={reply.id} pl="md" style={{ borderLeft: "2px solid var(--mantine-color-gray-3)" }}>
            <CommentAuthor item={reply} />
            <CommentText text={reply.comment} />
          </Box>
        ))}
        {replying ? (
          <TextForm
            label="Reply"
            submitLabel="Reply"
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (comment) => {
              try {
                await api(guestReviewContract.reply, { body: { commentId: thread.id, comment } }, guestHeaders(token));
                setReplying(false);
                await onSent();
                return null;
              } catch (error) {
                return onGone(error) ? null : errorText(error);
              }
            }}
          />
        ) : (
          <Group>
            <Button size="compact-xs" variant="subtle" onClick={() => setReplying(true)}>
              Reply
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface TextFormProps {
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  extra?: React.ReactNode;
  onCancel?: () => void;
  /** answers an error to show, or null when sent (the form empties) */
  onSubmit: (text: string) => Promise<string | null>;
}

function TextForm({ label, submitLabel, autoFocus, extra, onCancel, onSubmit }: TextFormProps) {
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack
      gap={6}
      component="form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setPending(true);
        void onSubmit(text.trim()).then((failure) => {
          setPending(false);
          setError(failure);
          if (failure === null) setText("");
        });
      }}
    >
      <Textarea
        label={label}
        autosize
        minRows={2}
        value={text}
        error={error}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group justify="space-between" gap="xs">
        {extra ?? <span />}
        <Group gap="xs">
          {onCancel ? (
            <Button size="compact-sm" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button size="compact-sm" type="submit" loading={pending} disabled={!text.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
