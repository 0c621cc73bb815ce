import { Progress, Stack, Text } from "@mantine/core";
import { RemovableFile } from "../../ui/removable-file.tsx";
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
          <RemovableFile
            name={item.name}
            size={item.size}
            removeLabel={item.state === "uploading" ? `Cancel upload of ${item.name}` : `Remove ${item.name}`}
            onRemove={() => onRemove(item.id)}
          />
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
