import { ActionIcon, Group, Progress, Stack, Text } from "@mantine/core";
import { formatFileSize } from "./design-format.ts";
import type { UploadItem } from "./use-uploads.ts";

function stateText(item: UploadItem): string {
  if (item.state === "failed") return "Upload failed";
  if (item.state === "done") return "Uploaded";
  return `Uploading, ${Math.round(item.progress * 100)}%`;
}

/** The files of an upload dialog, each with its own progress bar and a cancel or remove button. */
export function DesignUploadList({
  items,
  onRemove,
  label = "Files to add",
}: {
  items: UploadItem[];
  onRemove: (id: number) => void;
  label?: string;
}) {
  if (items.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((item) => (
        <li key={item.id} data-upload-state={item.state}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {item.name}{" "}
              <Text span size="xs" c="gray.7">
                ({formatFileSize(item.size)})
              </Text>
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray.7"
              aria-label={item.state === "uploading" ? `Cancel upload of ${item.name}` : `Remove ${item.name}`}
              onClick={() => onRemove(item.id)}
            >
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </ActionIcon>
          </Group>
          <Progress
            value={item.progress * 100}
            color={item.state === "failed" ? "red" : item.state === "done" ? "teal" : "indigo"}
            size="sm"
            aria-label={`${item.name}: ${stateText(item)}`}
            mt={4}
          />
          <Text size="xs" c={item.state === "failed" ? "red.9" : "gray.7"} aria-live="polite">
            {stateText(item)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
