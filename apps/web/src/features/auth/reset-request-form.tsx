import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "../../lib/router/index.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { lazySchema } from "../../ui/form/lazy-schema.ts";
import { applyServerErrors, formAlertText } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { Notice } from "./link-states.tsx";
import { useRequestPasswordReset } from "./use-reset-calls.ts";

const schema = lazySchema(async () => (await import("./auth-schemas.ts")).passwordResetRequestSchema);

/** Asks for a reset link; the answer never tells whether the account exists. */
export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const form = useSimpleForm({
    initialValues: { email: "" },
    validate: (values) => schema.errors(values),
  });

  if (request.isSuccess) {
    return (
      <Notice
        color="teal"
        role="status"
        title="Check your inbox"
        action={
          <Anchor component={Link} to="/auth/login">
            Back to log in
          </Anchor>
        }
      >
        If an account exists for {form.values.email.trim()}, we sent a link to reset the password. The link is valid for
        a limited time.
      </Notice>
    );
  }

  return (
    <form
      noValidate
      onInput={schema.load}
      onSubmit={schema.submit(
        form.onSubmit((values) => request.mutate(values.email, { onError: applyServerErrors(form) })),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Enter the e-mail of your account and we will send you a link to set a new password.
        </Text>
        <FormAlert
          message={formAlertText(request.error, "Unable to send the link. Try again later!", Object.keys(form.values))}
        />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <Button type="submit" loading={request.isPending} fullWidth>
          Send reset link
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm" ta="center">
          Back to log in
        </Anchor>
      </Stack>
    </form>
  );
}
