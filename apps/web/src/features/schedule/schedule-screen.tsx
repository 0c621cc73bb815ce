import { isStaff } from "@atelier/shared";
import { Button, Center, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { plural } from "../../lib/format.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadErrorState } from "../../ui/load-error-state.tsx";
import { Page } from "../../ui/page.tsx";
import { ScreenSkeleton } from "../../ui/screen-skeleton.tsx";
import { MonthGrid, WeekGrid } from "./schedule-grid.tsx";
import { rangeOf, type ScheduleView, shift } from "./schedule-range.ts";
import { useSchedule } from "./use-schedule.ts";

const DAY = 86_400_000;
const rangeText = new Intl.DateTimeFormat("en-US", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthText = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * SPEC §2 /schedule: open tasks laid out by deadline and estimate against each designer's daily
 * availability, by week or month; overbooked days are marked. Designers see their own row, staff
 * every designer's, to spot who has room before assigning.
 */
export default function ScheduleScreen() {
  const actor = useSignedInUser();
  const [view, setView] = useState<ScheduleView>("week");
  const [anchor, setAnchor] = useState(() => Date.now());
  const range = rangeOf(view, anchor);
  const schedule = useSchedule({ from: range.from, to: range.to });
  const rows = schedule.data?.pages.flatMap((page) => page.items) ?? [];
  const title =
    range.month !== null
      ? monthText.format(range.month)
      : `${rangeText.format(range.from)} – ${rangeText.format(range.to - DAY)}`;

  return (
    <Page title="Schedule">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Schedule view"
          value={view}
          onChange={(value) => setView(value === "month" ? "month" : "week")}
          data={[
            { value: "week", label: "Week" },
            { value: "month", label: "Month" },
          ]}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => setAnchor(shift(view, anchor, -1))} aria-label={`Previous ${view}`}>
            Previous
          </Button>
          <Button variant="default" onClick={() => setAnchor(Date.now())}>
            Today
          </Button>
          <Button variant="default" onClick={() => setAnchor(shift(view, anchor, 1))} aria-label={`Next ${view}`}>
            Next
          </Button>
        </Group>
      </Group>
      <Text fw={600} aria-live="polite">
        {title}
      </Text>
      {schedule.isPending ? (
        <ScreenSkeleton rows={4} />
      ) : schedule.isError ? (
        <LoadErrorState title="Could not load the schedule" onRetry={() => void schedule.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No designers" description="There is no designer to schedule yet." />
      ) : (
        <Stack gap="md">
          {view === "week" ? (
            <WeekGrid rows={rows} range={range} caption={`Schedule, ${title}`} />
          ) : (
            <MonthGrid rows={rows} range={range} />
          )}
          {isStaff(actor.role) ? (
            <Center>
              {schedule.hasNextPage ? (
                <Button
                  variant="default"
                  loading={schedule.isFetchingNextPage}
                  onClick={() => void schedule.fetchNextPage()}
                >
                  Load more
                </Button>
              ) : (
                <Text size="sm" c="gray.7">
                  {plural(rows.length, "designer")}
                </Text>
              )}
            </Center>
          ) : null}
        </Stack>
      )}
    </Page>
  );
}
