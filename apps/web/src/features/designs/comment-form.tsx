import { COMMENT_FILES_MAX } from "@atelier/shared";
import { Button, FileButton } from "@mantine/core";
import type { ReactNode } from "react";
import { type CommentAttachments, CommentForm as SharedCommentForm } from "../../ui/comments/comment-form.tsx";
import { DesignUploadList } from "./design-upload-list.tsx";
import { useAddChatFiles } from "./use-designs.ts";
import { useUploads } from "./use-uploads.ts";

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  isPending: boolean;
  /** resolves true when sent, so the form empties; attachmentKeys are registered chat files */
  onSubmit: (text: string, attachmentKeys: string[]) => Promise<boolean>;
  /** files may be attached (new comments and replies): uploaded, then registered on the project */
  attachTo?: { projectId: string };
  onCancel?: () => void;
  extra?: ReactNode;
  autoFocus?: boolean;
  /** focuses the text area whenever it changes to something (the pin just chosen on the image) */
  focusOn?: unknown;
}

/** The shared comment form (ui/comments) with the design comments' attachments. */
export function CommentForm({ attachTo, onSubmit, ...props }: CommentFormProps) {
  const uploads = useUploads("attachment");
  const register = useAddChatFiles();
  const attachments: CommentAttachments | undefined = attachTo
    ? {
        list: <DesignUploadList items={uploads.items} onRemove={uploads.remove} label="Attached files" />,
        button: (
          <FileButton
            multiple
            onChange={(files) => uploads.add(files.slice(0, Math.max(COMMENT_FILES_MAX - uploads.items.length, 0)))}
          >
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="subtle"
                size="xs"
                mr="auto"
                disabled={uploads.items.length >= COMMENT_FILES_MAX}
              >
                Attach files
              </Button>
            )}
          </FileButton>
        ),
        busy: uploads.uploading,
        pending: register.isPending,
        // POST /v3/project/addChatFile first: a comment may only carry registered files.
        prepare: () => {
          const keys = uploads.keys;
          if (keys.length === 0) return Promise.resolve(keys);
          return register.mutateAsync({ projectId: attachTo.projectId, chatFileKeys: keys }).then(
            () => keys,
            () => null,
          );
        },
        clear: uploads.clear,
      }
    : undefined;
  return (
    <SharedCommentForm
      {...props}
      attachments={attachments}
      onSubmit={({ text, attachmentKeys }) => onSubmit(text, attachmentKeys)}
    />
  );
}
