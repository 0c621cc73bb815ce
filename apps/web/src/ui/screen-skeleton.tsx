import { Stack } from "@mantine/core";
import classes from "./screen-skeleton.module.css";

/** Placeholder while a screen's code or first data loads. */
export function ScreenSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%" role="status" aria-busy="true" aria-label="Loading">
      <div className={classes.title} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders without identity.
        <div key={index} className={classes.bar} />
      ))}
    </Stack>
  );
}

/** One pulsing bar of the placeholder's look, for a part of a screen that is still loading. */
export function PlaceholderBar({ height }: { height: number }) {
  return <div className={classes.bar} style={{ height }} role="status" aria-busy="true" aria-label="Loading" />;
}
