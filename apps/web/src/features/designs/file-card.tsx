import { Button, Text } from "@mantine/core";
import { formatFileSize } from "../../ui/file-size.ts";
import { fileUrl } from "./design-format.ts";
import classes from "./designs.module.css";

/** A file that cannot be shown as an image (another type, or a damaged image): its type, size and a download. */
export function FileCard({
  name,
  contentType,
  size,
  fileKey,
}: {
  name: string;
  contentType: string;
  size: number;
  fileKey: string;
}) {
  return (
    <div className={classes.fileCard}>
      <svg width="40" height="48" viewBox="0 0 40 48" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 2h22l10 10v34H4z" />
        <path d="M26 2v10h10" />
      </svg>
      <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
        {name}
      </Text>
      <Text size="xs" c="gray.7">
        {contentType || "Unknown type"} · {formatFileSize(size)}
      </Text>
      <Button component="a" href={fileUrl(fileKey)} download={name} size="xs" variant="light">
        Download {name}
      </Button>
    </div>
  );
}
