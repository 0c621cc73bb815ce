import "@mantine/dates/styles.css";
import { Button, Center, Group, Stack, Text } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { useState } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { CALENDAR_ARIA_LABELS, dayToDeadline, deadlineToDay, formatDeadline, todayDay } from "./task-format.ts";
import { useSetTaskDeadline } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §5 deadline picker: weeks start on Monday, past days disabled; 0 clears it. */
    taskDeadline: { projectId: string; taskId: string; deadline: number };
  }
}

export function TaskDeadlineDialog({
  projectId,
  taskId,
  deadline,
  onClose,
}: { projectId: string; taskId: string; deadline: number } & ModalControls) {
  const setDeadline = useSetTaskDeadline();
  const [day, setDay] = useState<string | null>(deadlineToDay(deadline));
  const chosen = day ? dayToDeadline(day) : 0;

  function save(value: number) {
    setDeadline.mutate(
      { projectId, taskId, deadline: value },
      {
        onSuccess: () => {
          toast.success(value ? `Deadline set to ${formatDeadline(value)}` : "Deadline cleared");
          onClose();
        },
      },
    );
  }

  return (
    <AppDialog title="Set deadline" onClose={onClose} size="auto">
      <Stack gap="md">
        <Center>
          <DatePicker
            value={day}
            onChange={setDay}
            firstDayOfWeek={1}
            minDate={todayDay()}
            defaultDate={day ?? undefined}
            ariaLabels={CALENDAR_ARIA_LABELS}
            weekendDays={[]}
          />
        </Center>
        <Text size="sm" c="gray.7" role="status">
          {chosen ? `Due at the end of ${formatDeadline(chosen)} (UTC)` : "No day chosen"}
        </Text>
        <Group justify="space-between" gap="sm">
          {deadline > 0 ? (
            <Button variant="subtle" color="red" c="red.9" onClick={() => save(0)} disabled={setDeadline.isPending}>
              Clear deadline
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => save(chosen)} disabled={!day || chosen === deadline} loading={setDeadline.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </AppDialog>
  );
}
