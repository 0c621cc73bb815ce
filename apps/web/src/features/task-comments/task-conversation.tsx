import type { Mention, Task, TaskComment, TaskCommentReply } from "@atelier/shared";
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { CommentForm, type CommentSubmit, type Mentionable } from "../../ui/comments/comment-form.tsx";
import { CommentActions, CommentAuthor, CommentText } from "../../ui/comments/comment-parts.tsx";
import { openModal } from "../../ui/modal-store.ts";
import {
  useAddTaskComment,
  useEditTaskComment,
  useReplyTaskComment,
  useTaskConversation,
} from "./use-task-comments.ts";

const sent = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    // The mutation's own error handler already told the user.
    () => false,
  );

interface Scope {
  projectId: string;
  taskId: string;
  mentionable: readonly Mentionable[];
}

function Item({ item, scope, isReply }: { item: TaskCommentReply; scope: Scope; isReply: boolean }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditTaskComment(scope.taskId);
  const names = item.mentions.map((mention: Mention) => mention.name);
  return (
    <Stack gap={4}>
      <CommentAuthor item={item} />
      {editing ? (
        <CommentForm
          label={isReply ? "Edit reply" : "Edit comment"}
          submitLabel="Save"
          initial={item.comment}
          initialMentions={item.mentions}
          mentionable={scope.mentionable}
          isPending={edit.isPending}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={({ text, mentionIds }: CommentSubmit) =>
            sent(
              edit.mutateAsync({
                projectId: scope.projectId,
                taskId: scope.taskId,
                commentId: item.id,
                comment: text,
                mentionIds,
              }),
            ).then((ok) => {
              if (ok) setEditing(false);
              return ok;
            })
          }
        />
      ) : (
        <>
          <CommentText text={item.comment} mentionNames={names} />
          <CommentActions
            canEdit={item.abilities.canEdit}
            canRemove={item.abilities.canRemove}
            onEdit={() => setEditing(true)}
            onRemove={() =>
              openModal("taskCommentRemove", {
                projectId: scope.projectId,
                taskId: scope.taskId,
                commentId: item.id,
                isReply,
              })
            }
          />
        </>
      )}
    </Stack>
  );
}

function Thread({ thread, scope, canComment }: { thread: TaskComment; scope: Scope; canComment: boolean }) {
  const [replying, setReplying] = useState(false);
  const reply = useReplyTaskComment(scope.taskId);
  const who = `${thread.userFirstName} ${thread.userSecondName}`.trim();
  return (
    <Paper component="li" withBorder p="xs" radius="sm" aria-label={`Comment by ${who}`}>
      <Stack gap={6}>
        <Item item={thread} scope={scope} isReply={false} />
        {thread.replies.length > 0 ? (
          <Stack component="ul" gap={6} pl="md" m={0} aria-label={`Replies to ${who}`} style={{ listStyle: "none" }}>
            {thread.replies.map((item) => (
              <li key={item.id}>
                <Item item={item} scope={scope} isReply />
              </li>
            ))}
          </Stack>
        ) : null}
        {canComment && !replying ? (
          <Group gap={4}>
            <Button variant="subtle" size="compact-xs" onClick={() => setReplying(true)}>
              Reply
            </Button>
          </Group>
        ) : null}
        {replying ? (
          <CommentForm
            label={`Reply to ${who}`}
            submitLabel="Reply"
            mentionable={scope.mentionable}
            isPending={reply.isPending}
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={({ text, mentionIds }) =>
              sent(
                reply.mutateAsync({
                  projectId: scope.projectId,
                  taskId: scope.taskId,
                  commentId: thread.id,
                  comment: text,
                  mentionIds,
                }),
              ).then((ok) => {
                if (ok) setReplying(false);
                return ok;
              })
            }
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The conversation on the task itself (issue 29): talk before or beside any design. Threads
 * oldest first with their replies; live for everyone looking (the stream refreshes it).
 */
export function TaskConversation({ task }: { task: Task }) {
  const conversation = useTaskConversation(task.projectId, task.id);
  const add = useAddTaskComment(task.id);
  const headingId = `task-conversation-${task.id}`;
  const data = conversation.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        Conversation
      </Title>
      {conversation.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the conversation">
          <Skeleton height={56} radius="sm" />
          <Skeleton height={56} radius="sm" />
        </Stack>
      ) : conversation.isError || !data ? (
        <Group gap="xs">
          <Text size="sm" c="red.9">
            The conversation could not be loaded.
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => void conversation.refetch()}>
            Try again
          </Button>
        </Group>
      ) : (
        <>
          {data.threads.length === 0 ? (
            <Text size="sm" c="gray.7">
              No comments yet.{data.canComment ? " Ask a question or share a thought with the team." : ""}
            </Text>
          ) : (
            <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Comment threads">
              {data.threads.map((thread) => (
                <Thread
                  key={thread.id}
                  thread={thread}
                  scope={{ projectId: task.projectId, taskId: task.id, mentionable: data.mentionable }}
                  canComment={data.canComment}
                />
              ))}
            </Stack>
          )}
          {data.canComment ? (
            <CommentForm
              label="New comment"
              submitLabel="Add comment"
              mentionable={data.mentionable}
              isPending={add.isPending}
              onSubmit={({ text, mentionIds }) =>
                sent(add.mutateAsync({ projectId: task.projectId, taskId: task.id, comment: text, mentionIds }))
              }
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
