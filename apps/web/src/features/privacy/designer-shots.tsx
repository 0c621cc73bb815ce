import { Anchor, Image, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useDesignerShots } from "./use-privacy.ts";

/** A designer's latest portfolio shots; an empty state when there are none or the service failed. */
export function DesignerShots({ userId }: { userId: string }) {
  const shots = useDesignerShots(userId);
  if (shots.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3 }} role="status" aria-busy="true" aria-label="Loading shots">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={90} radius="sm" />
        ))}
      </SimpleGrid>
    );
  }
  const items = shots.data?.items ?? [];
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7" data-testid="shots-empty">
        No portfolio shots to show.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Shots">
      {items.map((shot) => (
        <Stack component="li" key={shot.link} gap={4}>
          <Anchor href={shot.link} target="_blank" rel="noopener noreferrer">
            <Image src={shot.image} alt={shot.title || "Shot"} radius="sm" h={90} fit="cover" />
          </Anchor>
          <Text size="xs" lineClamp={1}>
            {shot.title}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
