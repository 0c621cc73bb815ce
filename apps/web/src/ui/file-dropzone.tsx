import "@mantine/dropzone/styles.css";
import { Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";

/** Where files are dropped or picked (from the keyboard too), named by the label `labelledBy` points at. */
export function FileDropzone({
  onDrop,
  onReject,
  multiple = true,
  disabled = false,
  labelledBy,
  padding = "md",
}: {
  onDrop: (files: File[]) => void;
  onReject?: (rejections: FileRejection[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  labelledBy: string;
  padding?: "md" | "lg";
}) {
  return (
    <Dropzone
      onDrop={onDrop}
      {...(onReject ? { onReject } : {})}
      multiple={multiple}
      disabled={disabled}
      radius="md"
      p={padding}
      aria-labelledby={labelledBy}
      activateOnKeyboard
    >
      <Text size="sm" ta="center" style={{ pointerEvents: "none" }}>
        Drop files here or{" "}
        <Text span c="indigo.8" fw={600}>
          choose files
        </Text>
      </Text>
    </Dropzone>
  );
}
