import type { Project, ProjectUser } from "@atelier/shared";
import { ActionIcon, Anchor, Badge, Divider, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useSignedInUser } from "../../lib/current-user.ts";
import { fullName } from "../../lib/format.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { openModal } from "../../ui/modal-store.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import { InviteForm } from "./invite-form.tsx";
import { PendingInvites } from "./pending-invites.tsx";
import { ProjectDialogFrame } from "./project-dialog-frame.tsx";
import { activeMembers, projectRoleLabel } from "./project-format.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    projectTeam: { projectId: string };
  }
}

function RemoveIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

function MemberRow({ project, member, isMe }: { project: Project; member: ProjectUser; isMe: boolean }) {
  const name = fullName(member);
  const canRemove = project.abilities.canRemoveMember.includes(member.id);
  return (
    // On a phone the role and remove move under the person rather than cut the name to "Pat M…".
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py={6}>
      <UnstyledButton
        onClick={() => openModal("projectUserInfo", { projectId: project.id, userId: member.id })}
        style={{ minWidth: 0, flex: "1 1 220px", borderRadius: 8 }}
      >
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={member.name} surname={member.surname} avatarKey={member.avatarKey} size={40} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              <span className="sr-only">View </span>
              {name}
              {isMe ? (
                <Text span size="sm" c="gray.7" fw={400}>
                  {" "}
                  (you)
                </Text>
              ) : null}
            </Text>
            {member.email ? (
              <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
                {member.email}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </UnstyledButton>
      <Group gap="xs" wrap="nowrap" ml="auto">
        <Badge variant="outline" color={member.userProjectRole === "owner" ? "indigo.7" : "gray.7"}>
          {projectRoleLabel(member)}
        </Badge>
        {canRemove ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${name} from the project`}
            onClick={() =>
              openModal("projectRemoveMember", {
                projectId: project.id,
                projectName: project.name,
                userId: member.id,
                name,
              })
            }
          >
            <RemoveIcon />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
}

function TeamContent({ project }: { project: Project }) {
  const me = useSignedInUser();
  const members = activeMembers(project.projectUsersFeData);
  const canInvite = project.abilities.canInvite.length > 0;
  const canRemoveAny = project.abilities.canRemoveMember.length > 0;
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {project.name} · {members.length} {members.length === 1 ? "member" : "members"}
      </Text>
      <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Team members">
        {members.map((member) => (
          <MemberRow key={member.id} project={project} member={member} isMe={member.id === me.id} />
        ))}
      </Stack>
      {canRemoveAny ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: "flex-start" }}
          onClick={() => openModal("projectRemoveByEmail", { projectId: project.id })}
        >
          Remove a member by e-mail
        </Anchor>
      ) : null}
      {canInvite ? (
        <>
          <Divider />
          <PendingInvites projectId={project.id} />
          <Divider />
          <Title order={3} size="h5">
            Invite someone
          </Title>
          <InviteForm project={project} viewerRole={me.role} />
        </>
      ) : null}
    </Stack>
  );
}

/** SPEC §2 project team: members (redacted by the server), pending invites, invite, remove. */
export function ProjectTeamDialog({ projectId, onClose }: { projectId: string } & ModalControls) {
  return (
    <ProjectDialogFrame projectId={projectId} title="Team" onClose={onClose} size="lg">
      {(project) => <TeamContent project={project} />}
    </ProjectDialogFrame>
  );
}
