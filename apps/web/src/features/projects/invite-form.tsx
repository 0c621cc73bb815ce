import {
  type InviteRole,
  inviteToProjectSchema,
  MESSAGES,
  PROJECT_ROLE_LABELS,
  type Project,
  type Role,
} from "@atelier/shared";
import { Button, Group, Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { applyServerErrors, schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { useInviteToProject } from "./use-project-mutations.ts";

/** SPEC §5: viewer for customers, designer for others, when the viewer may give it. */
function defaultRole(viewerRole: Role, options: readonly InviteRole[]): InviteRole | null {
  const wanted: InviteRole = viewerRole === "customer" ? "viewer" : "designer";
  return options.includes(wanted) ? wanted : (options[0] ?? null);
}

/** Invite by e-mail with the roles the server says this viewer may give (`abilities.canInvite`). */
export function InviteForm({ project, viewerRole }: { project: Project; viewerRole: Role }) {
  const options = project.abilities.canInvite;
  const invite = useInviteToProject();
  const form = useForm<{ email: string; role: InviteRole | null }>({
    initialValues: { email: "", role: defaultRole(viewerRole, options) },
    validate: (values) =>
      schemaErrors(inviteToProjectSchema, {
        email: values.email,
        role: values.role ?? undefined,
        projectId: project.id,
      }),
  });

  const submit = form.onSubmit((values) => {
    if (!values.role) return;
    const email = values.email.trim();
    invite.mutate(
      { email, role: values.role, projectId: project.id },
      {
        onSuccess: () => {
          toast.success(MESSAGES.userInvited(email));
          form.setFieldValue("email", "");
        },
        onError: applyServerErrors(form),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite to the project">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          placeholder="name@company.com"
          style={{ flex: "1 1 220px" }}
          {...form.getInputProps("email")}
        />
        <Select
          label="Role"
          allowDeselect={false}
          w={{ base: "100%", xs: 170 }}
          data={options.map((role) => ({ value: role, label: PROJECT_ROLE_LABELS[role] }))}
          {...form.getInputProps("role")}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" loading={invite.isPending} mt={{ base: 0, xs: 25 }} w={{ base: "100%", xs: "auto" }}>
          Invite
        </Button>
      </Group>
    </form>
  );
}
