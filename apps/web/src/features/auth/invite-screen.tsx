import { INVITE_INVALID, PASSWORD_MIN_LENGTH, PROJECT_ROLE_LABELS, type ProjectInvite } from "@atelier/shared";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { Link, useSearchParams } from "../../lib/router/index.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { lazySchema } from "../../ui/form/lazy-schema.ts";
import { newPasswordError } from "../../ui/form/password-fields.ts";
import { applyServerErrors, formAlertText, passwordForSchema } from "../../ui/form/schema-errors.ts";
import { useSimpleForm } from "../../ui/form/use-simple-form.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { CodeStep } from "./code-step.tsx";
import { CheckingLink, InvalidLink } from "./link-states.tsx";
import { useAcceptInvite, useInvite } from "./use-invite-calls.ts";

const schema = lazySchema(async () => (await import("./auth-schemas.ts")).acceptInviteSchema);

function InvalidInvite() {
  return (
    <InvalidLink
      title="Invite not valid"
      message={INVITE_INVALID}
      action={
        <>
          <Text size="sm" c="gray.7">
            Ask the person who invited you to send a new invite.
          </Text>
          <Anchor component={Link} to="/auth/login">
            Go to log in
          </Anchor>
        </>
      }
    />
  );
}

/**
 * Accepting an invite: an existing account confirms with its password; a new address sets a name,
 * surname and password (a customer account). Either way the session starts on the project.
 */
function AcceptForm({ inviteKey, invite }: { inviteKey: string; invite: ProjectInvite }) {
  const accept = useAcceptInvite();
  const isNew = !invite.hasAccount;
  const form = useSimpleForm({
    initialValues: { name: "", surname: "", password: "" },
    validate: (values) => {
      const errors = schema.errors({
        inviteKey,
        name: isNew ? values.name : undefined,
        surname: isNew ? values.surname : undefined,
        password: passwordForSchema(values.password),
      });
      if (isNew) {
        if (!values.name.trim()) errors.name = "Name is required";
        if (!values.surname.trim()) errors.surname = "Surname is required";
        const passwordError = newPasswordError(values.password);
        if (passwordError) errors.password = passwordError;
      }
      return errors;
    },
  });

  // Joined already: an account with two-factor sign-in on gives its code before the session starts.
  if (accept.secondFactor) return <CodeStep pending={accept.secondFactor} />;
  const gone = accept.isError && isApiError(accept.error) && accept.error.status === 404;
  if (gone) return <InvalidInvite />;
  const fallback = isNew ? "Unable to create your account. Try again later!" : "Unable to log in. Try again later!";

  return (
    <form
      noValidate
      onInput={schema.load}
      onSubmit={schema.submit(
        form.onSubmit((values) =>
          accept.mutate(
            {
              inviteKey,
              name: isNew ? values.name : undefined,
              surname: isNew ? values.surname : undefined,
              password: values.password,
            },
            { onError: applyServerErrors(form) },
          ),
        ),
      )}
    >
      <Stack gap="md">
        <FormAlert message={formAlertText(accept.error, fallback, Object.keys(form.values))} />
        <TextInput label="Email" value={invite.email} readOnly autoComplete="username" />
        {isNew ? (
          <Group grow align="flex-start">
            <TextInput label="Name" autoComplete="given-name" required {...form.getInputProps("name")} />
            <TextInput label="Surname" autoComplete="family-name" required {...form.getInputProps("surname")} />
          </Group>
        ) : null}
        <PasswordInput
          label="Password"
          description={isNew ? `At least ${PASSWORD_MIN_LENGTH} characters` : "The password of your account"}
          autoComplete={isNew ? "new-password" : "current-password"}
          required
          {...form.getInputProps("password")}
        />
        {isNew ? null : (
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/auth/reset" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        )}
        <Button type="submit" loading={accept.isPending} fullWidth>
          {isNew ? "Create account and join" : "Log in and join"}
        </Button>
      </Stack>
    </form>
  );
}

export default function InviteScreen() {
  const [searchParams] = useSearchParams();
  const inviteKey = searchParams.get("inviteKey") ?? "";
  const invite = useInvite(inviteKey);

  let content: ReactNode;
  if (!inviteKey) content = <InvalidInvite />;
  else if (invite.isPending) {
    content = <CheckingLink label="Checking your invite…" />;
  } else if (invite.isError) content = <FormAlert message="We could not check your invite. Try again later." />;
  else if (!invite.data) content = <InvalidInvite />;
  else {
    const { projectName, invitedBy, role } = invite.data;
    content = (
      <Stack gap="md">
        <Text>
          <strong>{invitedBy}</strong> invited you to join <strong>{projectName}</strong> as{" "}
          <strong>{PROJECT_ROLE_LABELS[role]}</strong>.
        </Text>
        <AcceptForm inviteKey={inviteKey} invite={invite.data} />
      </Stack>
    );
  }

  return <AuthLayout title="Invitation">{content}</AuthLayout>;
}
