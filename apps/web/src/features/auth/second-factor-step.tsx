import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { errorText } from "../../ui/form/schema-errors.ts";
import { useCompleteSecondFactor } from "./use-sign-in-calls.ts";

/** The login screen's second step: the authenticator code (or a recovery code). */
export function SecondFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const complete = useCompleteSecondFactor();
  const [code, setCode] = useState("");
  const expired = isApiError(complete.error) && complete.error.status === 401;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        complete.mutate({ challenge, code });
      }}
    >
      <Stack gap="md">
        <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
        <FormAlert
          message={complete.isError ? errorText(complete.error, "Unable to log in. Try again later!") : null}
        />
        <TextInput
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          required
          // The step replaces the password form: focus goes on to its only field.
          autoFocus
        />
        <Button type="submit" loading={complete.isPending} fullWidth disabled={expired}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start over with your password
        </Anchor>
      </Stack>
    </form>
  );
}
