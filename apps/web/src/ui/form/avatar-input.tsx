import { MESSAGES } from "@atelier/shared";
import { Button, FileButton, Group, Input, Loader, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { uploadFile } from "../../lib/upload.ts";
import { UserAvatar } from "../user-avatar.tsx";

interface AvatarInputProps {
  value: string | null;
  onChange: (avatarKey: string | null) => void;
  name: string;
  surname: string;
  error?: string | null;
  /** Reports an upload in progress so the form can hold its submit. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * "Avatar": a preview of the current picture with buttons to choose an image (image/* only, SPEC §5)
 * or remove it. The chosen image shows at once while it uploads; the form gets its key when done.
 * Errors stay here, inline (the form's one message for them).
 */
export function AvatarInput({ value, onChange, name, surname, error, onUploadingChange }: AvatarInputProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const resetRef = useRef<() => void>(null);
  const [uploading, setUploading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  function setBusy(next: boolean) {
    setUploading(next);
    onUploadingChange?.(next);
  }

  async function handleFile(file: File | null) {
    setLocalError(null);
    resetRef.current?.();
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setLocalError("Choose an image file (PNG, JPEG, WebP or GIF).");
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      onChange(await uploadFile(file, "avatar"));
    } catch {
      setLocalError(MESSAGES.unableToUploadAvatar);
    } finally {
      setLocalPreview(null);
      setBusy(false);
    }
  }

  const shownError = localError ?? error ?? null;
  const fullName = `${name} ${surname}`.trim();
  return (
    <Input.Wrapper
      label="Avatar"
      labelElement="div"
      labelProps={{ id: labelId }}
      error={shownError ?? undefined}
      errorProps={{ id: errorId }}
    >
      <Paper withBorder radius="md" p="sm" mt={4}>
        <Group
          gap="md"
          wrap="nowrap"
          role="group"
          aria-labelledby={labelId}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        >
          {localPreview ? (
            <img
              src={localPreview}
              alt={`New avatar of ${fullName}`}
              width={72}
              height={72}
              style={{ borderRadius: "50%", objectFit: "cover", flex: "none" }}
            />
          ) : (
            <UserAvatar name={name} surname={surname} avatarKey={value} size={72} />
          )}
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <FileButton
                onChange={(file) => void handleFile(file)}
                accept="image/*"
                resetRef={resetRef}
                disabled={uploading}
              >
                {(props) => (
                  <Button {...props} variant="light" size="compact-sm" disabled={uploading}>
                    {value ? "Change image" : "Choose image"}
                  </Button>
                )}
              </FileButton>
              {value && !uploading ? (
                <Button variant="subtle" size="compact-sm" color="red" onClick={() => onChange(null)}>
                  Remove image
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="gray.7" id={hintId}>
              {value ? "Shown next to the name across the app." : "No image yet: a default picture is shown."} PNG,
              JPEG, WebP or GIF.
            </Text>
            {uploading ? (
              <Group gap={6}>
                <Loader size="xs" aria-hidden />
                <Text size="sm" role="status">
                  Uploading…
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
