import type { TwoFactorSetup } from "@atelier/shared";
import { Button, Code, Group, Image, List, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ReactNode, useEffect, useState } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { errorText } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactorSetup } from "./use-privacy.ts";

/** Scan the QR code, confirm a code, then see the ten recovery codes once. */
export function EnableTwoFactorDialog({ onClose }: ModalControls) {
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = setup.mutate;

  useEffect(() => {
    start(undefined, { onSuccess: setSecret });
  }, [start]);

  if (recoveryCodes) {
    return (
      <AppDialog title="Save your recovery codes" onClose={onClose}>
        <Stack gap="md">
          <Text>
            Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once. They are shown only
            now: keep them somewhere safe.
          </Text>
          <List spacing={4} style={{ columns: 2 }} aria-label="Recovery codes" listStyleType="none">
            {recoveryCodes.map((recovery) => (
              <List.Item key={recovery}>
                <Code fz="md">{recovery}</Code>
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              I saved them
            </Button>
          </Group>
        </Stack>
      </AppDialog>
    );
  }

  return (
    <AppDialog title="Turn on two-factor sign-in" onClose={onClose}>
      <CodeForm
        label="2. Enter the 6-digit code it shows"
        numeric
        submitLabel="Turn on"
        ready={!!secret}
        pending={enable.isPending}
        error={enable.isError ? errorText(enable.error, "Unable to check the code") : undefined}
        onCancel={onClose}
        onSubmit={(code) =>
          enable.mutate(code, {
            onSuccess: (result) => {
              setRecoveryCodes(result.recoveryCodes);
              toast.success("Two-factor sign-in is on");
            },
          })
        }
      >
        <FormAlert message={setup.isError ? errorText(setup.error, "Unable to start. Try again later!") : null} />
        <Text size="sm">1. Scan this QR code with an authenticator app (or type the key into it).</Text>
        {secret ? (
          <Stack align="center" gap="xs">
            <Image src={secret.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
            <Text size="sm">
              Key: <Code data-testid="two-factor-secret">{secret.secret}</Code>
            </Text>
          </Stack>
        ) : null}
      </CodeForm>
    </AppDialog>
  );
}

/** Turning it off needs a current code or a recovery code. */
export function DisableTwoFactorDialog({ onClose }: ModalControls) {
  const disable = useDisableTwoFactor();
  return (
    <AppDialog title="Turn off two-factor sign-in" onClose={onClose} size="sm">
      <CodeForm
        label="Code from your app or a recovery code"
        submitLabel="Turn off"
        destructive
        pending={disable.isPending}
        error={disable.isError ? errorText(disable.error, "Unable to check the code") : undefined}
        onCancel={onClose}
        onSubmit={(code) =>
          disable.mutate(code, {
            onSuccess: () => {
              toast.success("Two-factor sign-in is off");
              onClose();
            },
          })
        }
      >
        <Text size="sm">Signing in will ask only for your password.</Text>
      </CodeForm>
    </AppDialog>
  );
}

interface CodeFormProps {
  label: string;
  submitLabel: string;
  /** a 6-digit app code only (turning on); otherwise a recovery code is accepted too */
  numeric?: boolean;
  destructive?: boolean;
  /** false while what the code is checked against is not there yet */
  ready?: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The one-code form both dialogs ask with: what to do, the code field, Cancel and the action. */
function CodeForm({
  label,
  submitLabel,
  numeric = false,
  destructive = false,
  ready = true,
  pending,
  error,
  onSubmit,
  onCancel,
  children,
}: CodeFormProps) {
  const form = useForm({ initialValues: { code: "" } });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.code))}>
      <Stack gap="md">
        {children}
        <TextInput
          label={label}
          inputMode={numeric ? "numeric" : undefined}
          autoComplete="one-time-code"
          {...form.getInputProps("code")}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={destructive ? "red" : undefined} loading={pending} disabled={!ready}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
