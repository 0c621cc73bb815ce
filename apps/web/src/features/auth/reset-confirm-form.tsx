import { RESET_LINK_INVALID } from "@atelier/shared";
import { Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { isApiError } from "../../lib/api-error.ts";
import { Link } from "../../lib/router/index.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { confirmMismatch, newPasswordError } from "../../ui/form/password-fields.ts";
import { errorText } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { CodeStep } from "./code-step.tsx";
import { CheckingLink, InvalidLink } from "./link-states.tsx";
import { useConfirmPasswordReset, useResetLinkValidity } from "./use-reset-calls.ts";

function InvalidResetLink() {
  return (
    <InvalidLink
      title="Link not valid"
      message={RESET_LINK_INVALID}
      action={
        <Anchor component={Link} to="/auth/reset">
          Request a new link
        </Anchor>
      }
    />
  );
}

/**
 * With ?email&token from the e-mail: checks the link, then sets the new password and signs in,
 * through the code step when the account has two-factor sign-in on.
 */
export function ResetConfirmForm({ email, token }: { email: string; token: string }) {
  const validity = useResetLinkValidity(email, token);
  const confirm = useConfirmPasswordReset();
  const form = useSimpleForm({
    initialValues: { password: "", confirmPassword: "" },
    validate: {
      password: (value) => newPasswordError(value),
      confirmPassword: (value, values) => confirmMismatch(values.password, value),
    },
  });

  // The link is spent once the password is set: the code step goes before the link's state.
  if (confirm.secondFactor) return <CodeStep pending={confirm.secondFactor} />;
  if (validity.isPending) {
    return <CheckingLink label="Checking your link…" />;
  }
  if (validity.isError) {
    const status = isApiError(validity.error) ? validity.error.status : 0;
    if (status === 0 || status >= 500) return <FormAlert message="We could not check your link. Try again later." />;
    return <InvalidResetLink />;
  }
  if (!validity.data?.valid) return <InvalidResetLink />;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => confirm.mutate({ email, token, password: values.password }))}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Choose a new password for {email}.
        </Text>
        <FormAlert message={confirm.isError ? errorText(confirm.error, RESET_LINK_INVALID) : null} />
        <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps("password")} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" loading={confirm.isPending} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
