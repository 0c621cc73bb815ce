import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { Link } from "../../lib/router/index.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { lazySchema } from "../../ui/form/lazy-schema.ts";
import { newPasswordError } from "../../ui/form/password-fields.ts";
import { applyServerErrors, formAlertText, passwordForSchema } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { RedirectIfSignedIn } from "./redirect-signed-in.tsx";
import { useRegister } from "./use-sign-in-calls.ts";

const schema = lazySchema(async () => (await import("./auth-schemas.ts")).registerSchema);

export default function SignupRoute() {
  return (
    <RedirectIfSignedIn>
      <SignupScreen />
    </RedirectIfSignedIn>
  );
}

function SignupScreen() {
  const register = useRegister();
  const form = useSimpleForm({
    initialValues: { name: "", surname: "", email: "", password: "" },
    validate: (values) => {
      const errors = schema.errors({ ...values, password: passwordForSchema(values.password) });
      const passwordError = newPasswordError(values.password);
      return passwordError ? { ...errors, password: passwordError } : errors;
    },
  });

  const submit = schema.submit(
    form.onSubmit((values) => register.mutate(values, { onError: applyServerErrors(form) })),
  );

  return (
    <AuthLayout
      title="Sign up"
      subtitle="Create your account to order design work."
      footer={
        <>
          Already have an account?{" "}
          <Anchor component={Link} to="/auth/login" fw={600}>
            Log in instead
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} onInput={schema.load} noValidate>
        <Stack gap="md">
          <FormAlert
            message={formAlertText(
              register.error,
              "Unable to create your account. Try again later!",
              Object.keys(form.values),
            )}
          />
          <Group grow align="flex-start">
            <TextInput label="Name" autoComplete="given-name" required {...form.getInputProps("name")} />
            <TextInput label="Surname" autoComplete="family-name" required {...form.getInputProps("surname")} />
          </Group>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps("password")} />
          <Button type="submit" loading={register.isPending} fullWidth>
            Sign up
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
