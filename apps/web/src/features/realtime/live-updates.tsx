import { Group, Loader, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useCurrentUser } from "../../lib/current-user.ts";
import { askStreamPointAgain, takeStreamPoint } from "../../lib/stream-point.ts";
import { type ConnectionState, connectRealtime } from "./connection.ts";
import { applyStreamMessage } from "./invalidations.ts";

/**
 * Keeps the signed-in browser's one realtime stream open while the shell is shown, applies what
 * it carries to the query cache, and shows a quiet banner while it reconnects.
 */
export default function LiveUpdates() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConnectionState>("connecting");
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    const connection = connectRealtime({
      userId,
      onMessage: (message, eventId) => applyStreamMessage(queryClient, userId, message, eventId),
      onState: setState,
      startPoint: takeStreamPoint,
      // Without a point from the screens' reads, a change committed between a screen's load and
      // the stream's start would be missed: refetch what is on screen once the stream is there.
      onFreshStart: () => void queryClient.invalidateQueries({ refetchType: "active" }),
    });
    return () => {
      connection.close();
      askStreamPointAgain();
    };
  }, [userId, queryClient]);

  if (state !== "reconnecting") return null;
  return (
    <Group
      role="status"
      gap="xs"
      justify="center"
      py={4}
      bg="var(--mantine-color-gray-1)"
      style={{ position: "fixed", bottom: 0, left: 0, right: 0, zIndex: 300 }}
    >
      <Loader size="xs" color="gray" />
      <Text size="sm" c="dimmed">
        Reconnecting…
      </Text>
    </Group>
  );
}
