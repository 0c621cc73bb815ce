import { ActionIcon, Group, Text } from "@mantine/core";
import { ZOOM_MAX, ZOOM_MIN } from "./use-stage-gestures.ts";

/** The stage's zoom level and its buttons, for those who do not use the wheel or keys. */
export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (next: number) => void }) {
  return (
    <Group gap={4} justify="flex-end" mb={4}>
      <Text size="xs" c="gray.7" aria-live="polite">
        {Math.round(zoom * 100)}%
      </Text>
      <ActionIcon
        variant="default"
        aria-label="Zoom out"
        disabled={zoom <= ZOOM_MIN}
        onClick={() => onZoom(zoom - 0.5)}
      >
        −
      </ActionIcon>
      <ActionIcon variant="default" aria-label="Zoom in" disabled={zoom >= ZOOM_MAX} onClick={() => onZoom(zoom + 0.5)}>
        +
      </ActionIcon>
      <ActionIcon variant="default" aria-label="Fit to screen" disabled={zoom === 1} onClick={() => onZoom(1)}>
        ⤢
      </ActionIcon>
    </Group>
  );
}
