import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "../../lib/router/index.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { lazySchema } from "../../ui/form/lazy-schema.ts";
import { applyServerErrors, formAlertText, passwordForSchema } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { CodeStep } from "./code-step.tsx";
import { RedirectIfSignedIn } from "./redirect-signed-in.tsx";
import { useLogin } from "./use-sign-in-calls.ts";

const schema = lazySchema(async () => (await import("./auth-schemas.ts")).loginSchema);

export default function LoginRoute() {
  return (
    <RedirectIfSignedIn>
      <LoginScreen />
    </RedirectIfSignedIn>
  );
}

function LoginScreen() {
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useLogin(setChallenge);
  const [searchParams] = useSearchParams();
  const next = searchParams.get("next");
  const carry = next ? `?next=${encodeURIComponent(next)}` : "";
  const form = useSimpleForm({
    initialValues: { email: "", password: "" },
    validate: (values) => schema.errors({ email: values.email, password: passwordForSchema(values.password) }),
  });

  // The login screen is for typing an e-mail: start there (the field is the first thing on the card).
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  const submit = schema.submit(form.onSubmit((values) => login.mutate(values, { onError: applyServerErrors(form) })));

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome back. Sign in to your projects."
      footer={
        <>
          New here?{" "}
          <Anchor component={Link} to={`/auth/signup${carry}`} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      {challenge ? <CodeStep pending={{ challenge }} onRestart={() => setChallenge(null)} /> : null}
      <form onSubmit={submit} onInput={schema.load} noValidate hidden={challenge !== null}>
        <Stack gap="md">
          <FormAlert
            message={formAlertText(login.error, "Unable to log in. Try again later!", Object.keys(form.values))}
          />
          <TextInput
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/auth/reset" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Log in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
