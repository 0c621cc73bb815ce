import { formatUsd, type HoursLedger, hoursContract } from "@atelier/shared";
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { LedgerChart } from "./ledger-chart.tsx";
import { LEDGER_MIN_HEIGHT } from "./ledger-size.ts";
import { billingKeys } from "./use-billing.ts";

const day = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

const hours = (value: number) => `${value} h`;

function Figures({ ledger }: { ledger: HoursLedger }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {ledger.allowanceHours !== null ? <Figure label="Plan hours" value={hours(ledger.allowanceHours)} /> : null}
      <Figure label="Approved" value={hours(ledger.approvedHours)} />
      <Figure label="In progress (estimated)" value={hours(ledger.inProgressHours)} />
      {ledger.remainingHours !== null ? <Figure label="Remaining" value={hours(ledger.remainingHours)} /> : null}
      {ledger.payAsYouGo ? (
        <Figure
          label={`Accrued at ${formatUsd(ledger.payAsYouGo.centsPerHour)} / h`}
          value={formatUsd(ledger.payAsYouGo.accruedCents)}
        />
      ) : null}
    </SimpleGrid>
  );
}

/**
 * The project's hour allowance this month (DESIGN §3): plan hours, approved, in progress,
 * remaining (or pay-as-you-go's accrued cost) and a chart of the last months. Mounted only for
 * owner, editor and staff (the call refuses the others).
 */
export function HoursLedgerSection({ projectId }: { projectId: string }) {
  const ledger = useQuery({
    queryKey: billingKeys.ledger(projectId),
    queryFn: ({ signal }) => api(hoursContract.ledger, { params: { id: projectId } }, { signal }),
    meta: { errorMessage: "Unable to load the hours of this project. Try again later!" },
  });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      mih={LEDGER_MIN_HEIGHT}
      component="section"
      aria-labelledby="ledger-heading"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="ledger-heading">
            Hours this month
          </Title>
          {ledger.data ? (
            <Text size="sm" c="gray.7">
              {ledger.data.planName} · {day.format(ledger.data.fromTs)} – {day.format(ledger.data.toTs - 1)}
            </Text>
          ) : null}
        </Group>
        {ledger.data ? (
          <>
            <Figures ledger={ledger.data} />
            <LedgerChart months={ledger.data.months} />
          </>
        ) : ledger.isError ? (
          <Text size="sm">Could not load the hours.</Text>
        ) : (
          <Skeleton h={120} />
        )}
      </Stack>
    </Paper>
  );
}
