import { MESSAGES } from "@atelier/shared";
import { Button, Group, Input, Loader, Text } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { uploadFile } from "../../lib/upload.ts";
import { showApiError } from "../show-api-error.ts";
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

/** "Avatar": picks an image (image/* only), uploads it at once and hands back its key. */
export function AvatarInput({ value, onChange, name, surname, error, onUploadingChange }: AvatarInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  function setBusy(next: boolean) {
    setUploading(next);
    onUploadingChange?.(next);
  }

  async function handleFile(file: File | undefined) {
    setLocalError(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setLocalError("Choose an image file (PNG, JPEG, WebP or GIF).");
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadFile(file, "avatar"));
    } catch (uploadError) {
      showApiError(uploadError, MESSAGES.unableToUploadAvatar);
      setLocalError(MESSAGES.unableToUploadAvatar);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  return (
    <Input.Wrapper label="Avatar" labelElement="label" id={id} error={localError ?? error ?? undefined}>
      <Group gap="md" mt={4} wrap="nowrap">
        <UserAvatar name={name} surname={surname} avatarKey={value} size={56} />
        <div style={{ minWidth: 0 }}>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            disabled={uploading}
            onChange={(event) => void handleFile(event.currentTarget.files?.[0])}
            style={{ maxWidth: "100%", fontSize: "var(--mantine-font-size-sm)" }}
          />
          <Group gap="xs" mt={6}>
            {uploading ? (
              <Group gap={6}>
                <Loader size="xs" aria-hidden />
                <Text size="sm" role="status">
                  Uploading…
                </Text>
              </Group>
            ) : null}
            {value && !uploading ? (
              <Button variant="subtle" size="compact-sm" color="gray" onClick={() => onChange(null)}>
                Clear avatar
              </Button>
            ) : null}
          </Group>
        </div>
      </Group>
    </Input.Wrapper>
  );
}
