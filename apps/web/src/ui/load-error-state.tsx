import { Button } from "@mantine/core";
import { EmptyState } from "./empty-state.tsx";

/** A screen's load failed: what could not be loaded, and a Try again that refetches it. */
export function LoadErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <EmptyState
      title={title}
      description="Check your connection and try again."
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
