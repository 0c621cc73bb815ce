import { type DesignerOverview, ROLE_LABELS, THUMBNAIL_SIZE, type User } from "@atelier/shared";
import { Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { fullName } from "../../lib/format.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import { UserRowActions } from "./user-row-actions.tsx";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

function hourRateText(user: User): string {
  return `${money.format(user.hourRate)} / h`;
}

function RoleBadge({ user }: { user: User }) {
  return (
    // max-content: a squeezed table column would otherwise cut the role to "Project Man…".
    <Badge
      variant="light"
      color={user.role === "admin" ? "grape" : "indigo"}
      radius="sm"
      tt="none"
      style={{ minWidth: "max-content" }}
    >
      {ROLE_LABELS[user.role]}
    </Badge>
  );
}

/** The overview's figures of one designer, as short texts (a dash until they load). */
function figuresOf(figures: DesignerOverview | undefined) {
  if (!figures) return { open: "—", load: "—", owed: "—" };
  return {
    open: `${figures.openTasks} (${figures.openEstimatedHours} h)`,
    load: `${figures.hoursThisMonth} / ${figures.capacityHours} h`,
    owed: money.format(figures.debtMoney),
  };
}

/**
 * Desktop: a table. Phones: stacked cards. Only one of them is displayed at a time. With
 * `overview` (the designers screen, staff) each designer's open tasks, hours this month against
 * capacity and what the platform owes are added.
 */
export function UsersTable({
  users,
  caption,
  overview,
}: {
  users: User[];
  caption: string;
  overview?: Map<string, DesignerOverview> | undefined;
}) {
  return (
    <>
      <Card withBorder padding={0} radius="md" visibleFrom="sm">
        {/* Narrow desktops scroll the table inside its card instead of clipping its last column. */}
        <Table.ScrollContainer minWidth={overview ? 980 : 720} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Caption style={{ captionSide: "top", textAlign: "left" }} className="sr-only">
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Hour rate</Table.Th>
                {overview ? (
                  <>
                    <Table.Th>Open tasks</Table.Th>
                    <Table.Th>This month / capacity</Table.Th>
                    <Table.Th>Owed</Table.Th>
                  </>
                ) : null}
                <Table.Th>
                  <span className="sr-only">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar {...user} size={40} variant={THUMBNAIL_SIZE} />
                      <Text fw={500}>{fullName(user)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{user.email}</Table.Td>
                  <Table.Td>
                    <RoleBadge user={user} />
                  </Table.Td>
                  <Table.Td>{hourRateText(user)}</Table.Td>
                  {overview ? <OverviewCells figures={overview.get(user.id)} /> : null}
                  <Table.Td>
                    <UserRowActions user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Stack gap="sm" hiddenFrom="sm" component="ul" aria-label={caption} p={0} m={0} style={{ listStyle: "none" }}>
        {users.map((user) => (
          <Card component="li" key={user.id} withBorder radius="md" padding="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <UserAvatar {...user} size={48} variant={THUMBNAIL_SIZE} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600}>{fullName(user)}</Text>
                <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
                  {user.email}
                </Text>
                <Group gap="xs" mt={4}>
                  <RoleBadge user={user} />
                  <Text size="sm">{hourRateText(user)}</Text>
                </Group>
                {overview ? <OverviewLine figures={overview.get(user.id)} /> : null}
              </Stack>
            </Group>
            <div style={{ marginTop: "var(--mantine-spacing-sm)" }}>
              <UserRowActions user={user} />
            </div>
          </Card>
        ))}
      </Stack>
    </>
  );
}

function OverviewCells({ figures }: { figures: DesignerOverview | undefined }) {
  const text = figuresOf(figures);
  return (
    <>
      <Table.Td>{text.open}</Table.Td>
      <Table.Td>{text.load}</Table.Td>
      <Table.Td>{text.owed}</Table.Td>
    </>
  );
}

function OverviewLine({ figures }: { figures: DesignerOverview | undefined }) {
  const text = figuresOf(figures);
  return (
    <Text size="sm" c="gray.7">
      Open {text.open} · {text.load} · owed {text.owed}
    </Text>
  );
}
