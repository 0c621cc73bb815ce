import { Anchor, Button, Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { openModal } from "../../ui/modal-store.ts";
import { useLatestExport, useStartExport } from "./use-privacy.ts";

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const sizeFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

/** Settings: take your data out (a zip built in the background) or remove all of it. */
export function DataSection() {
  const latest = useLatestExport();
  const start = useStartExport();
  const current = latest.data?.export ?? null;
  const building = current?.status === "queued" || current?.status === "running";
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-data">
      <Title order={2} size="h4" id="settings-data" mb={4}>
        Your data
      </Title>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Download everything we hold about you — profile, memberships, projects, uploads and sign-ins — as one zip with
          a machine-readable JSON file.
        </Text>
        {building && current ? (
          <Stack gap={4}>
            <Text size="sm" id="export-progress-label">
              Preparing your data… {current.progress}%
            </Text>
            <Progress value={current.progress} aria-labelledby="export-progress-label" animated />
          </Stack>
        ) : null}
        {current?.status === "ready" && current.downloadUrl ? (
          <Text size="sm">
            Your data is ready:{" "}
            <Anchor href={current.downloadUrl} download fw={600}>
              Download zip
            </Anchor>{" "}
            ({current.size !== null ? formatSize(current.size) : ""}, until {timeFormat.format(current.expiresAt ?? 0)})
          </Text>
        ) : null}
        {current?.status === "failed" ? (
          <Text size="sm" c="red.9" role="alert">
            The export failed. Try again.
          </Text>
        ) : null}
        <Group gap="sm">
          <Button variant="default" loading={start.isPending} disabled={building} onClick={() => start.mutate()}>
            Export my data
          </Button>
          <Button variant="subtle" color="red" onClick={() => openModal("removeAllUserInformation", {})}>
            Remove all my information
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
