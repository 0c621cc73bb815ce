import { Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface PageProps {
  /** The screen's one h1. */
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a signed-in screen: its h1, optional actions, then the content. */
export function Page({ title, actions, children }: PageProps) {
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
