import { SETUP_INVALID } from "@atelier/shared";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { lazySchema } from "../../ui/form/lazy-schema.ts";
import { confirmMismatch, newPasswordError } from "../../ui/form/password-fields.ts";
import { applyServerErrors, formAlertText, passwordForSchema } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { CheckingLink, InvalidLink } from "./link-states.tsx";
import { useSetupAdmin, useSetupValidity } from "./use-setup-calls.ts";

const schema = lazySchema(async () => (await import("./auth-schemas.ts")).setupAdminSchema);

/** /onboard?setup=KEY: creates the first admin with the one-time link printed at first start. */
export function SetupAdminForm({ setup }: { setup: string }) {
  const validity = useSetupValidity(setup);
  const create = useSetupAdmin();
  const form = useSimpleForm({
    initialValues: { name: "", surname: "", email: "", password: "", confirmPassword: "" },
    validate: (values) => {
      const { confirmPassword, ...fields } = values;
      const errors = schema.errors({ ...fields, setup, password: passwordForSchema(fields.password) });
      const passwordError = newPasswordError(fields.password);
      if (passwordError) errors.password = passwordError;
      const mismatch = confirmMismatch(fields.password, confirmPassword);
      if (mismatch) errors.confirmPassword = mismatch;
      return errors;
    },
  });

  if (validity.isPending) {
    return <CheckingLink label="Checking your setup link…" />;
  }
  if (validity.isError || !validity.data.valid) {
    return <InvalidLink title="Setup link not valid" message={SETUP_INVALID} />;
  }

  return (
    <form
      noValidate
      onInput={schema.load}
      onSubmit={schema.submit(
        form.onSubmit(({ confirmPassword: _confirm, ...values }) =>
          create.mutate({ ...values, setup }, { onError: applyServerErrors(form) }),
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Create the first admin account. You will manage users and projects with it.
        </Text>
        <FormAlert
          message={formAlertText(
            create.error,
            "Unable to create the account. Try again later!",
            Object.keys(form.values),
          )}
        />
        <Group grow align="flex-start">
          <TextInput label="Name" autoComplete="given-name" required {...form.getInputProps("name")} />
          <TextInput label="Surname" autoComplete="family-name" required {...form.getInputProps("surname")} />
        </Group>
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps("password")} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" loading={create.isPending} fullWidth>
          Create admin account
        </Button>
      </Stack>
    </form>
  );
}
