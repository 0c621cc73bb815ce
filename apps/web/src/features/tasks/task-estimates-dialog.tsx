import { estimatesSchema, type Task } from "@atelier/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { EstimateSliders } from "./estimate-sliders.tsx";
import { useStartTask, useUpdateEstimates } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /**
     * SPEC §2 "update task status (start task with estimates)": mode start moves the task to In
     * progress with its estimates; mode revise changes the estimates of a started task.
     */
    taskEstimates: { projectId: string; taskId: string; mode: "start" | "revise"; task: Task };
  }
}

const DEFAULT_ETA = 24;
const DEFAULT_WORK = 8;

export function TaskEstimatesDialog({
  projectId,
  taskId,
  mode,
  task,
  onClose,
}: { projectId: string; taskId: string; mode: "start" | "revise"; task: Task } & ModalControls) {
  const start = useStartTask();
  const revise = useUpdateEstimates();
  const [eta, setEta] = useState(task.estimatedTimeOfCompletion ?? DEFAULT_ETA);
  const [work, setWork] = useState(task.estimatedWork ?? DEFAULT_WORK);
  const estimates = { estimatedTimeOfCompletion: eta, estimatedWork: work };
  const invalid = Object.values(schemaErrors(estimatesSchema, estimates))[0];
  const pending = start.isPending || revise.isPending;
  const starting = mode === "start";

  function save() {
    if (invalid) return;
    const onSuccess = () => {
      toast.success(starting ? "Work on the task has started" : "Estimates updated");
      onClose();
    };
    if (starting) start.mutate({ projectId, taskId, ...estimates }, { onSuccess });
    else revise.mutate({ projectId, taskId, ...estimates }, { onSuccess });
  }

  return (
    <AppDialog title={starting ? "Start task" : "Revise estimates"} onClose={onClose} size="md">
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {starting
            ? "Estimate the task before work starts: when it will be done, and how many hours of work it takes."
            : "Change the time to completion and the hours of work for this task."}
        </Text>
        <EstimateSliders eta={eta} work={work} onEtaChange={setEta} onWorkChange={setWork} />
        <FormAlert message={invalid} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={pending} disabled={Boolean(invalid)}>
            {starting ? "Start task" : "Save estimates"}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
