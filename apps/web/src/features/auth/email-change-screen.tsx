import { EMAIL_CHANGE_LINK_INVALID } from "@atelier/shared";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { Link, useSearchParams } from "../../lib/router/index.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { errorText } from "../../ui/form/schema-errors.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { InvalidLink, Notice } from "./link-states.tsx";
import { useConfirmEmailChange } from "./use-email-change-calls.ts";

const toLogin = (
  <Anchor component={Link} to="/auth/login">
    Go to log in
  </Anchor>
);

/**
 * `/auth/email-change?token`: the link mailed to a new sign-in e-mail. The change happens when the
 * button is pressed (not on load, so a mail scanner opening the link confirms nothing by itself).
 */
export default function EmailChangeScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [email, setEmail] = useState<string | null>(null);
  const confirm = useConfirmEmailChange(setEmail);
  return (
    <AuthLayout title="Confirm new e-mail">
      <EmailChangeState token={token} email={email} confirm={confirm} />
    </AuthLayout>
  );
}

function EmailChangeState({
  token,
  email,
  confirm,
}: {
  token: string;
  email: string | null;
  confirm: ReturnType<typeof useConfirmEmailChange>;
}) {
  if (!token) return <InvalidLink title="Link not valid" message={EMAIL_CHANGE_LINK_INVALID} action={toLogin} />;
  if (email) {
    return (
      <Notice color="teal" role="status" title="E-mail changed" action={toLogin}>
        Your sign-in e-mail is now {email}. Use it the next time you log in.
      </Notice>
    );
  }
  const status = confirm.isError && isApiError(confirm.error) ? confirm.error.status : 0;
  if (status === 400 || status === 412) {
    return <InvalidLink title="Link not valid" message={EMAIL_CHANGE_LINK_INVALID} action={toLogin} />;
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Confirm to make this address the sign-in e-mail of your account. Until you do, the current e-mail stays.
      </Text>
      <FormAlert
        message={confirm.isError ? errorText(confirm.error, "Unable to change the e-mail. Try again later!") : null}
      />
      <Button loading={confirm.isPending} onClick={() => confirm.mutate(token)} fullWidth>
        Confirm new e-mail
      </Button>
    </Stack>
  );
}
