import { type GuestLinkInfo, type GuestReview, guestReviewContract } from "@atelier/shared";
import { Alert, Button, Center, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api-client.ts";
import { ApiError } from "../../lib/api-error.ts";
import { sha256Hex } from "../../lib/sha256.ts";
import { GuestReviewBoard } from "./guest-review-board.tsx";
import { forgetGuestToken, readGuestToken, saveGuestToken } from "./guest-token-store.ts";

type Phase =
  | { kind: "checking" }
  | { kind: "gone"; message: string }
  | { kind: "join"; info: GuestLinkInfo }
  | { kind: "review"; token: string; review: GuestReview };

const guestHeaders = (token: string) => ({ headers: { "Guest-Token": token } });

/** The link's secret: the fragment of /app/review#…, which the browser never sends anywhere. */
function linkOfLocation(): string {
  return window.location.hash.replace(/^#/, "");
}

/** A link that no longer works (revoked, expired, unknown) gets a page saying so, never a login. */
function goneMessage(error: unknown): string | null {
  if (error instanceof ApiError && (error.status === 404 || error.status === 412)) return error.message;
  return null;
}

/**
 * The guest reviewer's screen (issue 23): open to people without an account. Opens the link, asks
 * a name and e-mail once (and the password when the link has one), then shows the task's designs.
 */
export default function GuestReviewScreen() {
  const [link] = useState(linkOfLocation);
  const [phase, setPhase] = useState<Phase>({ kind: "checking" });

  const fail = useCallback((error: unknown) => {
    setPhase({ kind: "gone", message: goneMessage(error) ?? "The review could not be loaded. Try again later." });
  }, []);

  const openLink = useCallback(async () => {
    const info = await api(guestReviewContract.open, { body: { link } });
    setPhase({ kind: "join", info });
  }, [link]);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const token = await readGuestToken(link);
        if (token) {
          try {
            const review = await api(guestReviewContract.review, {}, guestHeaders(token));
            if (live) setPhase({ kind: "review", token, review });
            return;
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 401)) throw error;
            await forgetGuestToken(link);
          }
        }
        if (live) await openLink();
      } catch (error) {
        if (live) fail(error);
      }
    })();
    return () => {
      live = false;
    };
  }, [link, openLink, fail]);

  const onGone = useCallback(
    (error: unknown) => {
      if (goneMessage(error) === null) return false;
      fail(error);
      return true;
    },
    [fail],
  );

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={phase.kind === "review" ? 1100 : 440} gap="md">
        {phase.kind === "checking" ? (
          <Stack align="center" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Opening the review…</Text>
          </Stack>
        ) : phase.kind === "gone" ? (
          <Stack gap="sm">
            <Title order={1} size="h2">
              Review link not available
            </Title>
            <Alert color="red" role="alert" title="This link does not work">
              {phase.message}
            </Alert>
          </Stack>
        ) : phase.kind === "join" ? (
          <JoinForm
            link={link}
            info={phase.info}
            onJoined={async (token) => {
              await saveGuestToken(link, token);
              try {
                setPhase({
                  kind: "review",
                  token,
                  review: await api(guestReviewContract.review, {}, guestHeaders(token)),
                });
              } catch (error) {
                fail(error);
              }
            }}
            onGone={onGone}
          />
        ) : (
          <GuestReviewBoard
            token={phase.token}
            review={phase.review}
            onChange={(review) => setPhase({ kind: "review", token: phase.token, review })}
            onGone={onGone}
          />
        )}
      </Stack>
    </Center>
  );
}

interface JoinProps {
  link: string;
  info: GuestLinkInfo;
  onJoined: (token: string) => Promise<void>;
  onGone: (error: unknown) => boolean;
}

function JoinForm({ link, info, onJoined, onGone }: JoinProps) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async () => {
    setPending(true);
    setError(null);
    setFields({});
    try {
      const session = await api(guestReviewContract.join, {
        body: { link, name, email, password: info.passwordRequired ? await sha256Hex(password) : null },
      });
      await onJoined(session.guestToken);
    } catch (caught) {
      if (onGone(caught)) return;
      if (caught instanceof ApiError) {
        setFields(caught.fields);
        setError(caught.message);
      } else setError("Something went wrong. Try again later!");
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack
      gap="md"
      component="form"
      aria-label="Join the review"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div>
        <Title order={1} size="h2">
          Review “{info.taskTitle}”
        </Title>
        <Text c="gray.7" size="sm" mt={4}>
          {info.projectName} invites you to review its designs. No account needed: tell them who you are.
        </Text>
      </div>
      <TextInput
        label="Your name"
        required
        value={name}
        error={fields.name}
        onChange={(e) => setName(e.currentTarget.value)}
        autoComplete="name"
      />
      <TextInput
        label="Your e-mail"
        type="email"
        required
        value={email}
        error={fields.email}
        autoComplete="email"
        description="Used to tell you when someone replies to you"
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      {info.passwordRequired ? (
        <TextInput
          label="Link password"
          type="password"
          required
          value={password}
          error={fields.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" loading={pending}>
        Start reviewing
      </Button>
    </Stack>
  );
}
