import { emailSchema, MESSAGES, ROLE_LABELS } from "@atelier/shared";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Suspense } from "react";
import { z } from "zod";
import { fullName } from "../../lib/format.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { schemaErrors } from "../../ui/form/schema-errors.ts";
import { type ModalControls, openModal } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import { DesignerShots } from "../privacy/index.ts";
import { ProjectDialogFrame } from "./project-dialog-frame.tsx";
import { activeMembers, projectRoleLabel } from "./project-format.ts";
import { useInviteToProject, useRemoveProjectMember } from "./use-project-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 user info: view one project member (e-mail only when the server sent it). */
    projectUserInfo: { projectId: string; userId: string };
    projectRemoveMember: { projectId: string; projectName: string; userId: string; name: string };
    /** SPEC §2 remove a user by e-mail. */
    projectRemoveByEmail: { projectId: string };
    /** SPEC §2 add designer to project: confirm before a designer joins the team (used by task assignment). */
    projectAddDesigner: { projectId: string; projectName: string; email: string; name: string };
  }
}

const backToTeam = (projectId: string) => () => openModal("projectTeam", { projectId });

export function ProjectUserInfoDialog({
  projectId,
  userId,
  onClose,
}: { projectId: string; userId: string } & ModalControls) {
  return (
    <ProjectDialogFrame projectId={projectId} title="Team member" onClose={onClose} size="sm">
      {(project) => {
        const member = project.projectUsersFeData.find((entry) => entry.id === userId);
        if (!member) return <Text>This person is no longer on the project.</Text>;
        return (
          <Stack gap="md" align="center" ta="center">
            <UserAvatar name={member.name} surname={member.surname} avatarKey={member.avatarKey} size={96} />
            <Stack gap={2}>
              <Text fw={650} size="lg">
                {fullName(member)}
              </Text>
              <Text size="sm" c="gray.7">
                {projectRoleLabel(member)} on {project.name} · {ROLE_LABELS[member.role]}
              </Text>
              {member.email ? (
                <Text size="sm">
                  <a href={`mailto:${member.email}`}>{member.email}</a>
                </Text>
              ) : null}
              {member.userActiveOnProject ? null : (
                <Text size="sm" c="gray.7">
                  No longer active on this project
                </Text>
              )}
            </Stack>
            {member.role === "designer" ? (
              <Suspense fallback={null}>
                <DesignerShots userId={member.id} />
              </Suspense>
            ) : null}
            <Group justify="center" gap="sm">
              <Button variant="default" onClick={backToTeam(projectId)}>
                Back to team
              </Button>
              <Button onClick={onClose}>Close</Button>
            </Group>
          </Stack>
        );
      }}
    </ProjectDialogFrame>
  );
}

export function ProjectRemoveMemberDialog({
  projectId,
  projectName,
  userId,
  name,
}: { projectId: string; projectName: string; userId: string; name: string } & ModalControls) {
  const remove = useRemoveProjectMember();
  // Cancel, Escape and success all return to the team dialog it was opened from.
  const back = backToTeam(projectId);
  return (
    <ConfirmDialog
      title="Remove from project"
      confirmLabel="Remove"
      isDestructive
      isPending={remove.isPending}
      onClose={back}
      onConfirm={() =>
        remove.mutate(
          { projectId, userId },
          {
            onSuccess: () => {
              toast.success(MESSAGES.userRemovedFromProject);
              back();
            },
          },
        )
      }
    >
      Remove <strong>{name}</strong> from <strong>{projectName}</strong>? They lose access to the project at once.
    </ConfirmDialog>
  );
}

export function ProjectRemoveByEmailDialog({ projectId }: { projectId: string } & ModalControls) {
  const remove = useRemoveProjectMember();
  const back = backToTeam(projectId);
  return (
    <ProjectDialogFrame projectId={projectId} title="Remove a member by e-mail" onClose={back} size="sm">
      {(project) => {
        const removable = activeMembers(project.projectUsersFeData).filter((member) =>
          project.abilities.canRemoveMember.includes(member.id),
        );
        return (
          <RemoveByEmailForm
            projectName={project.name}
            onCancel={back}
            pending={remove.isPending}
            onRemove={(email, setError) => {
              const member = removable.find((entry) => entry.email?.toLowerCase() === email);
              if (!member) {
                setError("Nobody you may remove has this e-mail on the project");
                return;
              }
              remove.mutate(
                { projectId, userId: member.id },
                {
                  onSuccess: () => {
                    toast.success(MESSAGES.userRemovedFromProject);
                    back();
                  },
                },
              );
            }}
          />
        );
      }}
    </ProjectDialogFrame>
  );
}

const removeByEmailSchema = z.object({ email: emailSchema });

function RemoveByEmailForm({
  projectName,
  onCancel,
  onRemove,
  pending,
}: {
  projectName: string;
  onCancel: () => void;
  onRemove: (email: string, setError: (message: string) => void) => void;
  pending: boolean;
}) {
  const form = useForm({
    initialValues: { email: "" },
    validate: (values) => schemaErrors(removeByEmailSchema, values),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onRemove(emailSchema.parse(values.email), (message) => form.setFieldError("email", message)),
      )}
    >
      <Stack gap="md">
        <Text size="sm">Enter the e-mail of the member to take off {projectName}.</Text>
        <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps("email")} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={pending}>
            Remove
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProjectAddDesignerDialog({
  projectId,
  projectName,
  email,
  name,
  onClose,
}: { projectId: string; projectName: string; email: string; name: string } & ModalControls) {
  const invite = useInviteToProject({ inForm: false });
  return (
    <ConfirmDialog
      title="Add designer to project"
      confirmLabel="Add designer"
      isPending={invite.isPending}
      onClose={onClose}
      onConfirm={() =>
        invite.mutate(
          { projectId, email, role: "designer" },
          {
            onSuccess: () => {
              toast.success(MESSAGES.userInvited(email));
              onClose();
            },
          },
        )
      }
    >
      <strong>{name}</strong> is not on <strong>{projectName}</strong> yet. Add them to the team as designer? They will
      see the project's tasks and client notes.
    </ConfirmDialog>
  );
}
