import { hoursContract, MESSAGES, type WorkLogPeriod } from "@atelier/shared";
import { Collapse, Group, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api-client.ts";

/** The tooltip closes this long after the pointer leaves it (SPEC §2 issue 10). */
const CLOSE_DELAY_MS = 150;

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const dayMonth = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("en-US", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export const workLogKey = ["hours", "workLog", "me"] as const;

/** A period's range: its first day to its last (toTs is the next month's first instant). */
export function periodRange(period: WorkLogPeriod): string {
  return `${dayMonth.format(period.fromTs)} – ${dayMonthYear.format(period.toTs - 1)}`;
}

const hoursText = (hours: number) => `${hours} h`;

function PeriodRow({ period }: { period: WorkLogPeriod }) {
  const [expanded, setExpanded] = useState(false);
  const empty = period.amount === 0;
  const projects = Object.entries(period.perProject).sort(([a], [b]) => a.localeCompare(b));
  return (
    <li>
      <UnstyledButton
        disabled={empty}
        aria-expanded={empty ? undefined : expanded}
        onClick={() => setExpanded((value) => !value)}
        w="100%"
        px={6}
        py={4}
        style={{ borderRadius: 4, opacity: empty ? 0.55 : 1, cursor: empty ? "not-allowed" : "pointer" }}
      >
        <Group justify="space-between" gap="md" wrap="nowrap">
          <Text size="sm">{periodRange(period)}</Text>
          <Text size="sm" fw={600}>
            {hoursText(period.amount)}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded && !empty}>
        <Stack gap={2} pl="md" pb={4} component="ul" m={0} style={{ listStyle: "none" }}>
          {projects.map(([name, hours]) => (
            <Group key={name} component="li" justify="space-between" gap="md" wrap="nowrap">
              <Text size="xs" c="gray.7" truncate="end" maw={200}>
                {name}
              </Text>
              <Text size="xs">{hoursText(hours)}</Text>
            </Group>
          ))}
        </Stack>
      </Collapse>
    </li>
  );
}

/**
 * SPEC §2's work-log summary: the current period's start month and hours; hovering (or
 * focusing, or tapping) opens the list of periods, each expandable to hours per project. Periods
 * with zero hours are disabled. The list stays open while the pointer is over it.
 */
export function WorkLogSummary() {
  const log = useQuery({
    queryKey: workLogKey,
    queryFn: ({ signal }) => api(hoursContract.workLogMonthly, { query: {} }, { signal }),
    meta: { errorMessage: MESSAGES.unableToLoadWorkLog },
  });
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClose = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const open = () => {
    cancelClose();
    setOpened(true);
  };
  const closeSoon = () => {
    cancelClose();
    timer.current = setTimeout(() => setOpened(false), CLOSE_DELAY_MS);
  };
  // A pending close must not fire after the summary is gone.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const current = log.data?.items[0];
  if (!current) return null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          onMouseEnter={open}
          onMouseLeave={closeSoon}
          onFocus={open}
          onClick={() => setOpened((value) => !value)}
          aria-expanded={opened}
          aria-label={`Work log: ${monthYear.format(current.fromTs)}, ${hoursText(current.amount)}`}
          px={4}
        >
          <Text size="xs" c="gray.7">
            {monthYear.format(current.fromTs)} · <strong>{hoursText(current.amount)}</strong>
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown onMouseEnter={open} onMouseLeave={closeSoon} p="xs">
        <Text size="xs" fw={600} c="gray.7" mb={4}>
          Work log
        </Text>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none", maxHeight: 320, overflowY: "auto" }}>
          {log.data?.items.map((period) => (
            <PeriodRow key={period.fromTs} period={period} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
