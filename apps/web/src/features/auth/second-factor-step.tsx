import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { isApiError } from "../../lib/api-error.ts";
import { Link } from "../../lib/router/index.ts";
import { useCall } from "../../lib/use-call.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { errorText } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";
import { type PendingSecondFactor, useFinishSignIn } from "./use-finish-sign-in.ts";

/** POST /auth/login/secondFactor: the code turns the challenge into a session, landing where that sign-in would have. */
function useCompleteSecondFactor(pending: PendingSecondFactor) {
  const finish = useFinishSignIn();
  return useCall(
    async (input: { challenge: string; code: string }) => (await loadAuthCalls()).completeSecondFactor(input),
    (session) => finish(session, pending.landing, { ignoreNext: pending.ignoreNext ?? false }),
  );
}

/**
 * The second step of every sign-in for an account with two-factor sign-in on: the authenticator
 * code (or a recovery code). On the login screen it starts over with the password form; after a
 * reset, an invite or onboarding (done already), it starts over at the login screen.
 */
export function SecondFactorStep({ pending, onRestart }: { pending: PendingSecondFactor; onRestart?: () => void }) {
  const complete = useCompleteSecondFactor(pending);
  const form = useSimpleForm({ initialValues: { code: "" } });
  const expired = isApiError(complete.error) && complete.error.status === 401;
  const next = pending.landing ? `?next=${encodeURIComponent(pending.landing)}` : "";
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => complete.mutate({ challenge: pending.challenge, code: values.code }))}
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
          {...form.getInputProps("code")}
          required
          // The step replaces the password form: focus goes on to its only field.
          autoFocus
        />
        <Button type="submit" loading={complete.isPending} fullWidth disabled={expired}>
          Verify
        </Button>
        {onRestart ? (
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            Start over with your password
          </Anchor>
        ) : (
          <Anchor component={Link} to={`/auth/login${next}`} size="sm">
            Log in with your password instead
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
