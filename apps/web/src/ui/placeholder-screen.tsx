import { EmptyState } from "./empty-state.tsx";
import { Page } from "./page.tsx";

interface PlaceholderScreenProps {
  title: string;
  description: string;
}

/** A screen whose content arrives in a later release: its title and a real empty state. */
export function PlaceholderScreen({ title, description }: PlaceholderScreenProps) {
  return (
    <Page title={title}>
      <EmptyState title="Nothing here yet" description={description} />
    </Page>
  );
}
