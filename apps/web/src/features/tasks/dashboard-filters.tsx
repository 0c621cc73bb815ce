import { isStaff, TASK_STATUSES, type TaskStatus, type TaskStatusCounts } from "@atelier/shared";
import { Button, Chip, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback, useDebouncedValue } from "@mantine/hooks";
import { useId, useState } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { fullName } from "../../lib/format.ts";
import { DayPickerInput } from "./day-picker-input.tsx";
import { dayToDeadline, deadlineToDay, statusLabel } from "./task-format.ts";
import type { DashboardFilters } from "./task-keys.ts";
import { useDashboardPickers } from "./use-tasks.ts";

interface DashboardFiltersProps {
  filters: DashboardFilters;
  counts: TaskStatusCounts | undefined;
  onChange: (next: Partial<DashboardFilters>) => void;
  onClear: () => void;
}

function isStatus(value: string): value is TaskStatus {
  return (TASK_STATUSES as readonly string[]).includes(value);
}

function StatusChips({ filters, counts, onChange }: Omit<DashboardFiltersProps, "onClear">) {
  const labelId = useId();
  const total = counts ? TASK_STATUSES.reduce((sum, status) => sum + counts[status], 0) : undefined;
  const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        Status
      </Text>
      <Chip.Group
        multiple={false}
        value={filters.status ?? "all"}
        onChange={(value) => onChange({ status: isStatus(value) ? value : undefined })}
      >
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
          <Chip value="all" variant="outline">
            {withCount("All", total)}
          </Chip>
          {TASK_STATUSES.map((status) => (
            <Chip key={status} value={status} variant="outline">
              {withCount(statusLabel(status), counts?.[status])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

/** The /tasks filters: status with counts, search, designer (staff), project, due by, archived. */
export function DashboardFiltersBar({ filters, counts, onChange, onClear }: DashboardFiltersProps) {
  const user = useSignedInUser();
  const staff = isStaff(user.role);
  const [designerSearch, setDesignerSearch] = useState("");
  const [chosenDesigner, setChosenDesigner] = useState<{ value: string; label: string } | null>(null);
  // Once a designer is picked the input shows their name: that is not a new search.
  const typedDesigner = chosenDesigner && designerSearch === chosenDesigner.label ? "" : designerSearch;
  const [designerQuery] = useDebouncedValue(typedDesigner.trim(), 250);
  const { projects, designers } = useDashboardPickers(staff, designerQuery);
  const foundDesigners = (designers.data?.items ?? []).map((designer) => ({
    value: designer.id,
    label: fullName(designer),
  }));
  // The filter's designer stays offered while a search shows others; one that came with the address
  // (a reload) and is not among the first answers still reads as chosen rather than blank.
  const kept =
    chosenDesigner ?? (filters.designerId ? { value: filters.designerId, label: "Selected designer" } : null);
  const designerOptions =
    kept && !foundDesigners.some((option) => option.value === kept.value) ? [kept, ...foundDesigners] : foundDesigners;
  const [search, setSearch] = useState(filters.q ?? "");
  const sendSearch = useDebouncedCallback((q: string) => onChange({ q: q.trim() || undefined }), 300);
  const filtered =
    filters.status ||
    filters.designerId ||
    filters.projectId ||
    filters.deadlineBefore ||
    filters.archived ||
    filters.q;

  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ q: search.trim() || undefined });
          }}
        >
          <TextInput
            label="Search tasks"
            placeholder="Words in the title"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              sendSearch(event.currentTarget.value);
            }}
          />
        </form>
        <StatusChips filters={filters} counts={counts} onChange={onChange} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: staff ? 3 : 2 }} spacing="sm">
          {staff ? (
            <Select
              label="Designer"
              placeholder="Any designer"
              searchable
              clearable
              value={filters.designerId ?? null}
              searchValue={designerSearch}
              onSearchChange={setDesignerSearch}
              onChange={(value) => {
                setChosenDesigner(designerOptions.find((option) => option.value === value) ?? null);
                onChange({ designerId: value ?? undefined });
              }}
              // The server matched name and e-mail words: offer its answer as it is.
              filter={({ options }) => options}
              data={designerOptions}
              nothingFoundMessage={designers.isFetching ? "Searching…" : "No designer found"}
            />
          ) : null}
          <Select
            label="Project"
            placeholder="Any project"
            searchable
            clearable
            value={filters.projectId ?? null}
            onChange={(value) => onChange({ projectId: value ?? undefined })}
            data={(projects.data?.items ?? []).map((project) => ({ value: project.id, label: project.name }))}
            nothingFoundMessage="No project found"
          />
          <DayPickerInput
            label="Due by"
            placeholder="Any deadline"
            clearable
            value={filters.deadlineBefore ? deadlineToDay(filters.deadlineBefore) : null}
            onChange={(day) => onChange({ deadlineBefore: day ? dayToDeadline(day) : undefined })}
            clearButtonProps={{ "aria-label": "Clear due by" }}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Switch
            label="Archived tasks"
            checked={filters.archived}
            onChange={(event) => onChange({ archived: event.currentTarget.checked })}
          />
          {filtered ? (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setSearch("");
                onClear();
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
