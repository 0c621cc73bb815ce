import { passwordResetRequestSchema } from "@atelier/shared";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link } from "react-router";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import { useRequestPasswordReset } from "./use-auth-mutations.ts";

/** Asks for a reset link; the answer never tells whether the account exists. */
export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: "" },
    validate: (values) => schemaErrors(passwordResetRequestSchema, values),
  });

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" title="Check your inbox">
          If an account exists for {form.values.email.trim()}, we sent a link to reset the password. The link is valid
          for a limited time.
        </Alert>
        <Anchor component={Link} to="/auth/login">
          Back to log in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => request.mutate(values.email, { onError: applyServerErrors(form) }))}
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
