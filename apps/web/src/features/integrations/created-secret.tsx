import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";

interface CreatedSecretProps {
  label: string;
  value: string;
  /** Why it is shown once, or what to do with it. */
  note: string;
  copyLabel: string;
  onDone: () => void;
}

/** A secret shown this once (a token, a feed address): readable, selectable and copyable. */
export function CreatedSecret({ label, value, note, copyLabel, onDone }: CreatedSecretProps) {
  return (
    <Alert color="teal" variant="light" title={label} role="status">
      <Stack gap="xs">
        <Text size="sm">{note}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            readOnly
            value={value}
            aria-label={label}
            style={{ flex: 1, minWidth: 0 }}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? "Copied" : copyLabel}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
