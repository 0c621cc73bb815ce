import { Skeleton, Stack } from "@mantine/core";

/** Placeholder while a screen's code or first data loads. */
export function ScreenSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={32} width="30%" radius="sm" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders without identity.
        <Skeleton key={index} height={56} radius="sm" />
      ))}
    </Stack>
  );
}
