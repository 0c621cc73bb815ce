import type { DesignerFileVersion } from "@atelier/shared";
import { ActionIcon, Badge, Group, Select } from "@mantine/core";
import { formatDateTime } from "./design-format.ts";

/** The version pickers' width: their longest value, a version with its date and time, in full. */
const PICKER_WIDTH = 290;

export const versionLabel = (version: DesignerFileVersion) =>
  `Version ${version.version} (${formatDateTime(version.created)})`;

/** Above the design: arrows to the other files, the version's feedback, its version and what it is compared with. */
export function ViewerToolbar({
  index,
  count,
  onGo,
  version,
  versions,
  compareWith,
  onVersionChange,
  onCompareChange,
  isPhone,
}: {
  index: number;
  count: number;
  onGo: (step: 1 | -1) => void;
  version: DesignerFileVersion;
  versions: DesignerFileVersion[];
  compareWith: string | null;
  onVersionChange: (uuid: string | null) => void;
  onCompareChange: (uuid: string | null) => void;
  isPhone: boolean | undefined;
}) {
  return (
    <Group justify="space-between" mb="xs" gap="xs">
      <Group gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous file"
          disabled={index === 0}
          onClick={() => onGo(-1)}
        >
          ‹
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next file"
          disabled={index === count - 1}
          onClick={() => onGo(1)}
        >
          ›
        </ActionIcon>
        {version.feedback ? (
          <Badge color={version.feedback.feedback === "approved" ? "teal.9" : "orange.9"}>
            {version.feedback.feedback === "approved" ? "Approved" : "Changes requested"}
          </Badge>
        ) : null}
      </Group>
      {/* Wide enough for a whole "Version 2 (Nov 30, 2026, 2:15 PM)"; a phone's line each. */}
      <Group gap="xs" style={{ flex: isPhone ? "1 1 100%" : undefined }}>
        {versions.length > 1 ? (
          <Select
            label="Version"
            size="xs"
            w={isPhone ? "100%" : PICKER_WIDTH}
            allowDeselect={false}
            value={version.uuid}
            onChange={(value) => onVersionChange(value)}
            data={versions.map((item) => ({ value: item.uuid, label: versionLabel(item) }))}
          />
        ) : null}
        {versions.length > 1 ? (
          <Select
            label="Compare with"
            size="xs"
            w={isPhone ? "100%" : PICKER_WIDTH}
            clearable
            placeholder="Not comparing"
            value={compareWith}
            onChange={onCompareChange}
            data={versions
              .filter((item) => item.uuid !== version.uuid)
              .map((item) => ({ value: item.uuid, label: versionLabel(item) }))}
          />
        ) : null}
      </Group>
    </Group>
  );
}
