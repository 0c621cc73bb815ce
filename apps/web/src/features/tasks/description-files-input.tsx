import { TASK_FILES_MAX } from "@atelier/shared";
import { Group, Input, Loader, Stack, Text } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { uploadFile } from "../../lib/upload.ts";
import { FileDropzone } from "../../ui/file-dropzone.tsx";
import { RemovableFile } from "../../ui/removable-file.tsx";
import { showApiError } from "../../ui/show-api-error.ts";
import classes from "./tasks.module.css";

export interface UploadedFile {
  key: string;
  name: string;
  size: number;
}

interface DescriptionFilesInputProps {
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** Reports uploads in progress so the form can hold its submit (SPEC §4). */
  onUploadingChange: (uploading: boolean) => void;
  error?: string | null;
  /** files the task already has (adding to a saved task): they count towards the limit */
  alreadyAttached?: number;
}

const UPLOAD_FAILED = "Unable to upload the file. Try again later!";

/**
 * Description files: dropped or picked files upload at once (POST /upload/file) and the form
 * keeps their keys; each can be taken off again before the task is saved.
 */
export function DescriptionFilesInput({
  value,
  onChange,
  onUploadingChange,
  error,
  alreadyAttached = 0,
}: DescriptionFilesInputProps) {
  const labelId = useId();
  const [pending, setPending] = useState<string[]>([]);
  // Uploads finish after later renders (or other drops): add to the list as it is then.
  const valueRef = useRef(value);
  valueRef.current = value;
  const room = TASK_FILES_MAX - alreadyAttached - value.length - pending.length;

  async function upload(files: File[]) {
    const accepted = files.slice(0, Math.max(room, 0));
    if (accepted.length === 0) return;
    const names = accepted.map((file) => file.name);
    setPending((current) => [...current, ...names]);
    onUploadingChange(true);
    const uploaded: UploadedFile[] = [];
    for (const file of accepted) {
      try {
        uploaded.push({ key: await uploadFile(file, "attachment"), name: file.name, size: file.size });
      } catch (uploadError) {
        showApiError(uploadError, UPLOAD_FAILED);
      }
    }
    setPending((current) => current.filter((name) => !names.includes(name)));
    onUploadingChange(false);
    onChange([...valueRef.current, ...uploaded]);
  }

  return (
    <Input.Wrapper
      label="Files"
      labelElement="div"
      id={labelId}
      description={`Reference images or documents, up to ${TASK_FILES_MAX} files.`}
      error={error ?? undefined}
    >
      <Stack gap="xs" mt={6}>
        <FileDropzone onDrop={(files) => void upload(files)} disabled={room <= 0} labelledBy={labelId} />
        {value.length + pending.length > 0 ? (
          <ul className={classes.list} aria-label="Attached files">
            {value.map((file) => (
              <li key={file.key}>
                <RemovableFile
                  name={file.name}
                  size={file.size}
                  removeLabel={`Remove ${file.name}`}
                  onRemove={() => onChange(value.filter((item) => item.key !== file.key))}
                />
              </li>
            ))}
            {pending.map((name) => (
              <li key={`pending-${name}`}>
                <Group gap="xs" role="status">
                  <Loader size="xs" aria-hidden />
                  <Text size="sm">Uploading {name}…</Text>
                </Group>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
