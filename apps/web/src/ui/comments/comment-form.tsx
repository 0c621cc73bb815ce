import { COMMENT_MAX } from "@atelier/shared";
import { Button, Combobox, Group, Stack, Textarea, useCombobox } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";

/** Someone a comment may name with @. */
export interface Mentionable {
  userId: string;
  name: string;
}

/** Files attached to the comment, kept by the caller (design comments upload and register them). */
export interface CommentAttachments {
  /** the list of chosen files and the button choosing them */
  list: ReactNode;
  button: ReactNode;
  /** still uploading: the form cannot be sent */
  busy: boolean;
  pending: boolean;
  /** readies the files for the comment: their keys, or null when that failed (already told) */
  prepare: () => Promise<string[] | null>;
  clear: () => void;
}

export interface CommentSubmit {
  text: string;
  attachmentKeys: string[];
  /** the people named with @ whose names are still in the text */
  mentionIds: string[];
}

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  isPending: boolean;
  /** resolves true when sent, so the form empties */
  onSubmit: (sent: CommentSubmit) => Promise<boolean>;
  onCancel?: () => void;
  extra?: ReactNode;
  autoFocus?: boolean;
  /** focuses the text area whenever it changes to something (the pin just chosen on the image) */
  focusOn?: unknown;
  attachments?: CommentAttachments;
  /** typing @ offers these people (arrow keys and Enter choose one, Escape closes the list) */
  mentionable?: readonly Mentionable[];
  /** the people an edited comment already names */
  initialMentions?: readonly Mentionable[];
}

/** The word being typed after an @ just before the caret, or null. */
function mentionQuery(text: string, caret: number): string | null {
  const match = /(?:^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  return match ? (match[1] ?? "") : null;
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
  attachments,
  mentionable = [],
  initialMentions = [],
}: CommentFormProps) {
  const [text, setText] = useState(initial);
  const [query, setQuery] = useState<string | null>(null);
  const [named, setNamed] = useState<Mentionable[]>([...initialMentions]);
  const area = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useEffect(() => {
    if (focusOn) area.current?.focus();
  }, [focusOn]);
  const options =
    query === null
      ? []
      : mentionable.filter((person) => person.name.toLowerCase().includes(query.toLowerCase())).slice(0, 8);
  const hasOptions = options.length > 0;
  useEffect(() => {
    if (hasOptions) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    } else combobox.closeDropdown();
  }, [hasOptions, combobox]);
  const trimmed = text.trim();

  const follow = (value: string, caret: number) => {
    setText(value);
    setQuery(mentionable.length > 0 ? mentionQuery(value, caret) : null);
  };

  const choose = (userId: string) => {
    const person = mentionable.find((candidate) => candidate.userId === userId);
    const field = area.current;
    if (!person || !field) return;
    const caret = field.selectionStart;
    const before = text.slice(0, caret).replace(/@[^\s@]*$/, `@${person.name} `);
    const value = before + text.slice(caret);
    setText(value);
    setQuery(null);
    setNamed((list) => (list.some((item) => item.userId === userId) ? list : [...list, person]));
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(before.length, before.length);
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || attachments?.busy) return;
        const ready = attachments ? attachments.prepare() : Promise.resolve([]);
        void ready.then(async (attachmentKeys) => {
          if (attachmentKeys === null) return;
          const mentionIds = named
            .filter((person) => trimmed.includes(`@${person.name}`))
            .map((person) => person.userId);
          if (await onSubmit({ text: trimmed, attachmentKeys, mentionIds })) {
            setText("");
            setNamed([]);
            attachments?.clear();
          }
        });
      }}
    >
      <Stack gap={6}>
        <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false} position="bottom-start">
          <Combobox.Target>
            <Textarea
              ref={area}
              label={label}
              description={mentionable.length > 0 ? "Type @ to mention someone on the team" : undefined}
              autosize
              minRows={2}
              maxLength={COMMENT_MAX}
              value={text}
              onChange={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
              onBlur={() => combobox.closeDropdown()}
              data-autofocus={autoFocus || undefined}
              autoFocus={autoFocus}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!hasOptions} aria-label="People to mention">
            <Combobox.Options>
              {options.map((person) => (
                <Combobox.Option value={person.userId} key={person.userId}>
                  {person.name}
                </Combobox.Option>
              ))}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        {extra}
        {attachments?.list}
        <Group gap="xs" justify="flex-end">
          {attachments?.button}
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            size="xs"
            disabled={!trimmed || attachments?.busy}
            loading={isPending || attachments?.pending}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
