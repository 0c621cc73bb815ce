import { Button, Group, List, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { APP_BASE } from "../../lib/session.ts";
import { clearToken } from "../../lib/token-storage.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { useGdprRequest } from "./use-privacy.ts";

/** SPEC §9: the person reads the result for this long before being signed out. */
const GDPR_LOGOUT_DELAY_MS = 2000;

/** SPEC §2 'remove all user information': gdprRequest, 'Error: ' + explanation on refusal. */
export function RemoveAllInformationDialog({ onClose }: ModalControls) {
  const gdpr = useGdprRequest();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  return (
    <AppDialog title="Remove all my information" onClose={done ? () => {} : onClose}>
      <Stack gap="md">
        {done ? (
          <Text role="status">All your information was removed. Signing you out…</Text>
        ) : (
          <>
            <Text>This removes, for good:</Text>
            <List size="sm" spacing={2}>
              <List.Item>your name, e-mail, avatar and password</List.Item>
              <List.Item>the billing details of projects you own</List.Item>
              <List.Item>your sign-ins and pending invites</List.Item>
            </List>
            <Text size="sm">
              Your work stays in the projects, shown as "Deleted user". Projects you own stay with their team until
              staff hand them over. You will be signed out.
            </Text>
          </>
        )}
        <FormAlert message={refusal ? `Error: ${refusal}` : null} />
        {done ? null : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              loading={gdpr.isPending}
              onClick={() =>
                gdpr.mutate(undefined, {
                  onSuccess: (result) => {
                    if (!result.status) {
                      setRefusal(result.explanation);
                      return;
                    }
                    setDone(true);
                    window.setTimeout(() => {
                      clearToken();
                      window.location.assign(`${APP_BASE}/auth/login`);
                    }, GDPR_LOGOUT_DELAY_MS);
                  },
                })
              }
            >
              Remove everything
            </Button>
          </Group>
        )}
      </Stack>
    </AppDialog>
  );
}
