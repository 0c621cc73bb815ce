import { Alert, Button, Checkbox, CopyButton, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { sha256Hex } from "../../lib/sha256.ts";
import { guestReviewUrl, useCreateGuestShare } from "./use-guest-shares.ts";

interface FormProps {
  projectId: string;
  taskId: string;
  onDone: () => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new review link: optional expiry (in days), optional password, whether guests may decide. */
export function GuestShareForm({ projectId, taskId, onDone }: FormProps) {
  const create = useCreateGuestShare(taskId);
  const [days, setDays] = useState("");
  const [password, setPassword] = useState("");
  const [allowDecision, setAllowDecision] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const daysNumber = days.trim() === "" ? null : Number(days);
  const daysError =
    daysNumber !== null && (!Number.isInteger(daysNumber) || daysNumber < 1 || daysNumber > 365)
      ? "Between 1 and 365 days"
      : null;

  if (created) {
    const url = guestReviewUrl(created);
    return (
      <Alert color="teal" variant="light" title="Review link" role="status">
        <Stack gap="xs">
          <Text size="sm">Copy it now: it is shown only once. Anyone with it can review this task's designs.</Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              readOnly
              value={url}
              aria-label="Review link"
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? "Copied" : "Copy link"}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="subtle" size="compact-sm" onClick={onDone}>
              Done
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const submit = async () => {
    if (daysError) return;
    const result = await create
      .mutateAsync({
        projectId,
        taskId,
        allowDecision,
        expiresAt: daysNumber === null ? null : Date.now() + daysNumber * DAY_MS,
        password: password ? await sha256Hex(password) : null,
      })
      .catch(() => null);
    if (result) setCreated(result.link);
  };

  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="New review link"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label="Expires after (days)"
        description="Leave empty to keep it until you turn it off"
        inputMode="numeric"
        value={days}
        error={daysError}
        onChange={(event) => setDays(event.currentTarget.value)}
      />
      <PasswordInput
        label="Password (optional)"
        value={password}
        autoComplete="new-password"
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <Checkbox
        label="Guests may approve or request changes"
        checked={allowDecision}
        onChange={(event) => setAllowDecision(event.currentTarget.checked)}
      />
      <Text size="xs" c="gray.7">
        Guests see only this task's current designs and their comments, and can comment.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create link
        </Button>
      </Group>
    </Stack>
  );
}
