import { ActionIcon, Group, Text } from "@mantine/core";
import { formatFileSize } from "./file-size.ts";

/** A file's name and size with a button that takes it off a form (or cancels its upload). */
export function RemovableFile({
  name,
  size,
  removeLabel,
  onRemove,
}: {
  name: string;
  size: number;
  /** what the button says to screen readers, e.g. "Remove brief.pdf" */
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {name}{" "}
        <Text span size="xs" c="gray.7">
          ({formatFileSize(size)})
        </Text>
      </Text>
      <ActionIcon variant="subtle" color="gray.7" aria-label={removeLabel} onClick={onRemove}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </ActionIcon>
    </Group>
  );
}
