import { layoutSchedule, type ScheduleDay, type ScheduleRow } from "@atelier/shared";
import { Badge, Box, Card, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { fullName } from "../../lib/format.ts";
import type { ScheduleRange } from "./schedule-range.ts";

const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const dayLabel = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const dayNumber = new Intl.DateTimeFormat("en-US", { day: "numeric", timeZone: "UTC" });

const hoursText = (hours: number) => `${hours} h`;

function daysOf(row: ScheduleRow, range: ScheduleRange): ScheduleDay[] {
  return layoutSchedule(row.tasks, range, row.dailyAvailability);
}

/**
 * One day's load: hours against the day's capacity (none at weekends: capacity is Monday to
 * Friday); an overbooked day says so in words, not only in red.
 */
function DayLoad({ day, titles }: { day: ScheduleDay; titles: Map<string, string> }) {
  if (day.capacity === 0 && day.hours === 0) {
    return (
      <Text size="sm" c="gray.7">
        Day off
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={day.overbooked ? "red.9" : undefined}>
        {hoursText(day.hours)} / {hoursText(day.capacity)}
      </Text>
      {day.overbooked ? (
        <Badge color="red" variant="light" size="xs">
          Overbooked
        </Badge>
      ) : null}
      {day.tasks.map((task) => (
        <Text key={task.id} size="xs" c="gray.7" truncate="end" maw={140}>
          {titles.get(task.id)} · {hoursText(task.hours)}
        </Text>
      ))}
    </Stack>
  );
}

function taskTitles(row: ScheduleRow): Map<string, string> {
  return new Map(row.tasks.map((task) => [task.id, `${task.title} (${task.projectName})`]));
}

/** Week view: a row per designer, a column per day. */
export function WeekGrid({ rows, range, caption }: { rows: ScheduleRow[]; range: ScheduleRange; caption: string }) {
  const days = layoutSchedule([], range, 0).map((day) => day.day);
  return (
    <Card withBorder padding={0} radius="md" style={{ overflowX: "auto" }}>
      <Table verticalSpacing="xs" horizontalSpacing="sm" withColumnBorders miw={900}>
        <Table.Caption className="sr-only">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Designer</Table.Th>
            {days.map((day) => (
              <Table.Th key={day} scope="col">
                {dayLabel.format(day)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const titles = taskTitles(row);
            return (
              <Table.Tr key={row.id}>
                <Table.Th scope="row">{fullName(row)}</Table.Th>
                {daysOf(row, range).map((day) => (
                  <Table.Td key={day.day} bg={day.overbooked ? "red.0" : undefined} valign="top">
                    <DayLoad day={day} titles={titles} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Month view: a calendar of the month's weeks per designer. */
export function MonthGrid({ rows, range }: { rows: ScheduleRow[]; range: ScheduleRange }) {
  return (
    <Stack gap="lg">
      {rows.map((row) => {
        const days = daysOf(row, range);
        const titles = taskTitles(row);
        return (
          <Card key={row.id} withBorder radius="md" padding="sm" component="section" aria-label={fullName(row)}>
            <Group justify="space-between" mb="xs">
              <Text fw={600} component="h2" size="md" m={0}>
                {fullName(row)}
              </Text>
              <Text size="sm" c="gray.7">
                {hoursText(row.dailyAvailability)} a day
              </Text>
            </Group>
            <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
              {days.slice(0, 7).map((day) => (
                <Text key={`head-${day.day}`} size="xs" fw={600} c="gray.7" ta="center" aria-hidden>
                  {weekday.format(day.day)}
                </Text>
              ))}
              {days.map((day) => {
                const outside =
                  range.month !== null && new Date(day.day).getUTCMonth() !== new Date(range.month).getUTCMonth();
                return (
                  <Box
                    key={day.day}
                    p={4}
                    // Days of the weeks around the month are shaded (not faded: text keeps its contrast).
                    bg={day.overbooked ? "red.0" : outside ? "gray.1" : undefined}
                    style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4 }}
                    aria-label={`${dayLabel.format(day.day)}: ${
                      day.capacity === 0 && day.hours === 0 ? "day off" : hoursText(day.hours)
                    }${day.overbooked ? ", overbooked" : ""}`}
                    role="group"
                  >
                    <Text size="xs" c="gray.7">
                      {dayNumber.format(day.day)}
                    </Text>
                    {day.hours > 0 ? <DayLoad day={day} titles={titles} /> : null}
                  </Box>
                );
              })}
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
