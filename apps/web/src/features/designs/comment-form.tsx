import { COMMENT_MAX } from "@atelier/shared";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  isPending: boolean;
  /** resolves true when sent, so the form empties */
  onSubmit: (text: string) => Promise<boolean>;
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
}: CommentFormProps) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOn) area.current?.focus();
  }, [focusOn]);
  const trimmed = text.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        void onSubmit(trimmed).then((sent) => {
          if (sent) setText("");
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
        <Group gap="xs" justify="flex-end">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="xs" disabled={!trimmed} loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
