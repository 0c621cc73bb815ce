import type { DesignerFileVersion, FileComment, FileCommentReply, Pin } from "@atelier/shared";
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { CommentActions, CommentAuthor, CommentText } from "../../ui/comments/comment-parts.tsx";
import { openModal } from "../../ui/modal-store.ts";
import { CommentForm } from "./comment-form.tsx";
import { fileUrl } from "./design-format.ts";
import { useAddComment, useEditComment, useReplyComment, useResolveComment } from "./use-designs.ts";
import { formatVideoTime } from "./video-time.ts";

interface ThreadProps {
  projectId: string;
  taskId: string;
  version: DesignerFileVersion;
  canComment: boolean;
  activeId: string | null;
  onActivate: (id: string | null) => void;
  /** the pin chosen on the image for the next comment */
  draftPin: Pin | null;
  /** on a PDF, the page shown: a new comment is on it */
  page?: number | null;
  onClearDraft: () => void;
  /** on a video: where it is now (ms), the moment a new comment is about (decision 058) */
  atMs?: number | null;
}

const sent = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    // The mutation's own error handler already told the user.
    () => false,
  );

function Body({
  item,
  projectId,
  taskId,
  isReply,
}: {
  item: FileCommentReply;
  projectId: string;
  taskId: string;
  isReply: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(taskId);
  if (editing) {
    return (
      <CommentForm
        label={isReply ? "Edit reply" : "Edit comment"}
        submitLabel="Save"
        initial={item.comment}
        isPending={edit.isPending}
        autoFocus
        onCancel={() => setEditing(false)}
        onSubmit={(comment) =>
          sent(edit.mutateAsync({ projectId, taskId, commentId: item.id, comment })).then((ok) => {
            if (ok) setEditing(false);
            return ok;
          })
        }
      />
    );
  }
  return (
    <Stack gap={4}>
      <CommentText text={item.comment} />
      {item.attachments.length > 0 ? (
        <Group gap="xs">
          {item.attachments.map((file) => (
            <Anchor key={file.key} href={fileUrl(file.key)} size="xs" target="_blank" rel="noreferrer">
              {file.name}
            </Anchor>
          ))}
        </Group>
      ) : null}
      <CommentActions
        canEdit={item.abilities.canEdit}
        canRemove={item.abilities.canRemove}
        onEdit={() => setEditing(true)}
        onRemove={() => openModal("designCommentRemove", { projectId, taskId, commentId: item.id, isReply })}
      />
    </Stack>
  );
}

function Thread({
  comment,
  number,
  active,
  onActivate,
  projectId,
  taskId,
  canComment,
}: {
  comment: FileComment;
  number: number;
  active: boolean;
  onActivate: (id: string | null) => void;
  projectId: string;
  taskId: string;
  canComment: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const reply = useReplyComment(taskId);
  const resolve = useResolveComment(taskId);
  // The active thread comes into view: a comment's link (or its pin clicked) lands on it.
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: "nearest" });
  }, [active]);
  return (
    <Paper
      ref={ref}
      component="li"
      withBorder
      p="xs"
      radius="sm"
      aria-label={`Comment ${number}`}
      data-active={active || undefined}
      aria-current={active || undefined}
      style={active ? { borderColor: "var(--mantine-color-indigo-7)", borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Button
              variant={active ? "filled" : "light"}
              size="compact-xs"
              radius="xl"
              aria-label={
                comment.atMs !== null
                  ? `Play comment ${number} at ${formatVideoTime(comment.atMs)}`
                  : comment.page !== null
                    ? `Show comment ${number} on page ${comment.page}`
                    : comment.pin
                      ? `Show comment ${number} on the image`
                      : `Comment ${number}`
              }
              aria-pressed={active}
              onClick={() => onActivate(active ? null : comment.id)}
            >
              {number}
            </Button>
            <CommentAuthor item={comment} />
            {comment.atMs !== null ? (
              <Text size="xs" c="gray.7" data-testid="comment-time">
                {formatVideoTime(comment.atMs)}
              </Text>
            ) : comment.page !== null ? (
              <Badge variant="light" color="indigo" size="sm">
                Page {comment.page}
              </Badge>
            ) : null}
          </Group>
          {comment.activeComment ? null : (
            <Badge color="gray.7" size="sm">
              Resolved
            </Badge>
          )}
        </Group>
        <Body item={comment} projectId={projectId} taskId={taskId} isReply={false} />
        {comment.fileCommentReplyList.length > 0 ? (
          <Stack
            component="ul"
            gap={6}
            pl="md"
            m={0}
            aria-label={`Replies to comment ${number}`}
            style={{ listStyle: "none" }}
          >
            {comment.fileCommentReplyList.map((item) => (
              <li key={item.id}>
                <CommentAuthor item={item} />
                <Body item={item} projectId={projectId} taskId={taskId} isReply />
              </li>
            ))}
          </Stack>
        ) : null}
        <Group gap={4}>
          {canComment && !replying ? (
            <Button variant="subtle" size="compact-xs" onClick={() => setReplying(true)}>
              Reply
            </Button>
          ) : null}
          {comment.abilities.canResolve ? (
            <Button
              variant="subtle"
              size="compact-xs"
              loading={resolve.isPending}
              onClick={() =>
                resolve.mutate({ projectId, taskId, commentId: comment.id, activeComment: !comment.activeComment })
              }
            >
              {comment.activeComment ? "Resolve" : "Reopen"}
            </Button>
          ) : null}
        </Group>
        {replying ? (
          <CommentForm
            label={`Reply to comment ${number}`}
            submitLabel="Reply"
            isPending={reply.isPending}
            autoFocus
            onCancel={() => setReplying(false)}
            attachTo={{ projectId }}
            onSubmit={(text, attachmentKeys) =>
              sent(reply.mutateAsync({ projectId, taskId, commentId: comment.id, comment: text, attachmentKeys })).then(
                (ok) => {
                  if (ok) setReplying(false);
                  return ok;
                },
              )
            }
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The comments of one version beside the viewer: numbered like their pins, replies under each. */
export function CommentThread({
  projectId,
  taskId,
  version,
  canComment,
  activeId,
  onActivate,
  draftPin,
  page = null,
  onClearDraft,
  atMs = null,
}: ThreadProps) {
  const where = page !== null ? `page ${page}` : "the image";
  const add = useAddComment(taskId);
  return (
    <Stack gap="sm" role="region" aria-label="Comments">
      <Title6>Comments</Title6>
      {version.fileCommentList.length === 0 ? (
        <Text size="sm" c="gray.7">
          No comments yet.
          {canComment ? ` Click ${page !== null ? "the page" : "the image"} to pin one where you mean.` : ""}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Comment threads">
          {version.fileCommentList.map((comment, index) => (
            <Thread
              key={comment.id}
              comment={comment}
              number={index + 1}
              active={comment.id === activeId}
              onActivate={onActivate}
              projectId={projectId}
              taskId={taskId}
              canComment={canComment}
            />
          ))}
        </Stack>
      )}
      {canComment ? (
        <CommentForm
          key={version.uuid}
          label={
            atMs !== null
              ? `New comment at ${formatVideoTime(atMs)}${draftPin ? ", pinned on the frame" : ""}`
              : draftPin
                ? `New comment pinned on ${where}`
                : page !== null
                  ? `New comment on page ${page}`
                  : "New comment"
          }
          submitLabel="Add comment"
          isPending={add.isPending}
          focusOn={draftPin}
          extra={
            draftPin ? (
              <Group gap="xs">
                <Text size="xs" c="gray.7">
                  {draftPin.type === "rect" ? `Pinned to an area of ${where}.` : `Pinned to a point of ${where}.`}
                </Text>
                <Button variant="subtle" size="compact-xs" onClick={onClearDraft}>
                  Remove pin
                </Button>
              </Group>
            ) : null
          }
          attachTo={{ projectId }}
          onSubmit={(comment, attachmentKeys) =>
            sent(
              add.mutateAsync({
                projectId,
                taskId,
                designerFileUuid: version.uuid,
                comment,
                pin: draftPin,
                ...(atMs !== null ? { atMs } : {}),
                page,
                attachmentKeys,
              }),
            ).then((ok) => {
              if (ok) onClearDraft();
              return ok;
            })
          }
        />
      ) : null}
    </Stack>
  );
}

function Title6({ children }: { children: string }) {
  return (
    <Text component="h4" fw={600} size="sm" m={0}>
      {children}
    </Text>
  );
}
