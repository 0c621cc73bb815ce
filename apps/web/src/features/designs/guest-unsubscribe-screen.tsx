import { guestReviewContract } from "@atelier/shared";
import { Alert, Button, Center, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { api } from "../../lib/api-client.ts";
import { ApiError } from "../../lib/api-error.ts";

/**
 * A guest reviewer's "no more e-mails" page (issue 23): the secret is the fragment of the e-mail's
 * link. A button rather than on opening, so mail scanners following links unsubscribe nobody.
 */
export default function GuestUnsubscribeScreen() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ""));
  const [state, setState] = useState<"ready" | "pending" | "done" | { error: string }>("ready");
  const stop = async () => {
    setState("pending");
    try {
      await api(guestReviewContract.unsubscribe, { body: { token } });
      setState("done");
    } catch (error) {
      setState({ error: error instanceof ApiError ? error.message : "Something went wrong. Try again later!" });
    }
  };
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack maw={440} gap="md">
        <Title order={1} size="h2">
          Reply e-mails
        </Title>
        {state === "done" ? (
          <Alert color="teal" role="status" title="Done">
            You will get no more e-mails about replies to your review comments.
          </Alert>
        ) : (
          <>
            <Text>Stop the e-mails that tell you when someone replies to your review comments?</Text>
            {typeof state === "object" ? (
              <Alert color="red" role="alert">
                {state.error}
              </Alert>
            ) : null}
            <Button loading={state === "pending"} onClick={() => void stop()}>
              Stop these e-mails
            </Button>
          </>
        )}
      </Stack>
    </Center>
  );
}
