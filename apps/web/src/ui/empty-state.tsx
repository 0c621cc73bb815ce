import { Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface EmptyStateProps {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  /** heading level; screens that already have an h1 use 2 */
  order?: 2 | 3;
}

export function EmptyState({ title, description, action, order = 2 }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="indigo" aria-hidden>
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <title>Empty</title>
          <path d="M3 13l2.5-7h13L21 13v5H3v-5Zm0 0h5l1.5 2.5h5L16 13h5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ThemeIcon>
      <Title order={order} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {description}
      </Text>
      {action}
    </Stack>
  );
}
