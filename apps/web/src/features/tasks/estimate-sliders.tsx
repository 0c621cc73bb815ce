import { ESTIMATED_WORK_MAX, ESTIMATED_WORK_RULER_STEP, ETA_HOURS_MAX, ETA_RULER_STEP } from "@atelier/shared";
import { Group, RingProgress, Slider, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { formatEtaHours, formatWorkHours } from "./task-format.ts";

function ruler(max: number, step: number, last?: string) {
  return Array.from({ length: max / step + 1 }, (_, index) => {
    const value = index * step;
    return { value, label: value === max && last ? last : String(value) };
  });
}

const ETA_MARKS = ruler(ETA_HOURS_MAX, ETA_RULER_STEP);
const WORK_MARKS = ruler(ESTIMATED_WORK_MAX, ESTIMATED_WORK_RULER_STEP, `${ESTIMATED_WORK_MAX}+`);

interface EstimateSlidersProps {
  eta: number;
  work: number;
  onEtaChange: (hours: number) => void;
  onWorkChange: (hours: number) => void;
}

/**
 * SPEC §5 estimate sliders, step 1: time to completion 0–72 h (ruler every 12, the dial shows
 * e.g. "24H") and estimated work 0–50 h (ruler every 10, the last mark "50+"). Arrow keys move
 * a slider by one hour, Page Up/Down by more, Home/End to the ends.
 */
export function EstimateSliders({ eta, work, onEtaChange, onWorkChange }: EstimateSlidersProps) {
  const etaId = useId();
  const workId = useId();
  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text id={etaId} size="sm" fw={500}>
            Time to completion
          </Text>
          <RingProgress
            size={72}
            thickness={6}
            roundCaps
            sections={[{ value: (eta / ETA_HOURS_MAX) * 100, color: "indigo.7" }]}
            label={
              <Text ta="center" fw={700} size="md" aria-live="polite" data-testid="eta-dial">
                {formatEtaHours(eta)}
              </Text>
            }
          />
        </Group>
        <Slider
          min={0}
          max={ETA_HOURS_MAX}
          step={1}
          value={eta}
          onChange={onEtaChange}
          marks={ETA_MARKS}
          label={formatEtaHours}
          thumbLabel="Time to completion in hours"
          aria-describedby={etaId}
          mb="lg"
        />
      </Stack>
      <Stack gap={6}>
        <Group justify="space-between" align="center">
          <Text id={workId} size="sm" fw={500}>
            Estimated work
          </Text>
          <Text size="sm" fw={700} aria-live="polite" data-testid="work-value">
            {formatWorkHours(work, ESTIMATED_WORK_MAX)}
          </Text>
        </Group>
        <Slider
          min={0}
          max={ESTIMATED_WORK_MAX}
          step={1}
          value={work}
          onChange={onWorkChange}
          marks={WORK_MARKS}
          label={(value) => formatWorkHours(value, ESTIMATED_WORK_MAX)}
          thumbLabel="Estimated work in hours"
          aria-describedby={workId}
          mb="lg"
        />
      </Stack>
    </Stack>
  );
}
