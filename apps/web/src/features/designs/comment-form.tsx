import { COMMENT_FILES_MAX, COMMENT_MAX } from "@atelier/shared";
import { Button, FileButton, Group, Stack, Textarea } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
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

/** A comment, reply or edit: a labelled text area and its buttons; empty text cannot be sent. */
export function CommentForm({
  label,
  submitLabel,
  initial = "",
  isPending,
  onSubmit,
  onCancel,
  extra,
  autoFocus,
  focusOn,
  attachTo,
}: CommentFormProps) {
  const [text, setText] = useState(initial);
  const uploads = useUploads("attachment");
  const register = useAddChatFiles();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOn) area.current?.focus();
  }, [focusOn]);
  const trimmed = text.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || uploads.uploading) return;
        const keys = uploads.keys;
        // POST /v3/project/addChatFile first: a comment may only carry registered files.
        const registered =
          attachTo && keys.length > 0
            ? register.mutateAsync({ projectId: attachTo.projectId, chatFileKeys: keys }).then(
                () => true,
                () => false,
              )
            : Promise.resolve(true);
        void registered.then(async (ok) => {
          if (!ok) return;
          if (await onSubmit(trimmed, keys)) {
            setText("");
            uploads.clear();
          }
        });
      }}
    >
      <Stack gap={6}>
        <Textarea
          ref={area}
          label={label}
          autosize
          minRows={2}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
        {extra}
        {attachTo ? <DesignUploadList items={uploads.items} onRemove={uploads.remove} label="Attached files" /> : null}
        <Group gap="xs" justify="flex-end">
          {attachTo ? (
            <FileButton
              multiple
              onChange={(files) => uploads.add(files.slice(0, Math.max(COMMENT_FILES_MAX - uploads.items.length, 0)))}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="subtle"
                  size="xs"
                  mr="auto"
                  disabled={uploads.items.length >= COMMENT_FILES_MAX}
                >
                  Attach files
                </Button>
              )}
            </FileButton>
          ) : null}
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            size="xs"
            disabled={!trimmed || uploads.uploading}
            loading={isPending || register.isPending}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
