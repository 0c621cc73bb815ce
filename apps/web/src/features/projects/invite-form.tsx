import {
  type InviteRole,
  inviteToProjectSchema,
  MESSAGES,
  PROJECT_ROLE_LABELS,
  type Project,
  type Role,
  requiredPlatformRoles,
  type User,
} from "@atelier/shared";
import { Autocomplete, Button, Group, Loader, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { fullName } from "../../lib/format.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { useAccountsWithRoles } from "./use-invite-accounts.ts";
import { FORM_ERROR_FALLBACK, useInviteToProject } from "./use-project-mutations.ts";

/** SPEC §5: viewer for customers, designer for others, when the viewer may give it. */
function defaultRole(viewerRole: Role, options: readonly InviteRole[]): InviteRole | null {
  const wanted: InviteRole = viewerRole === "customer" ? "viewer" : "designer";
  return options.includes(wanted) ? wanted : (options[0] ?? null);
}

const NO_ROLES: readonly Role[] = [];

/** Why a staff role offers accounts instead of taking any address (the server refuses new addresses for it). */
function accountExplanation(role: InviteRole): string {
  return role === "designer"
    ? "Designers are added from existing designer accounts: pick one, or type their e-mail. A new address cannot join as designer; add the designer under Users first."
    : "Project managers are added from existing project manager or admin accounts: pick one, or type their e-mail.";
}

/** Invite by e-mail with the roles the server says this viewer may give (`abilities.canInvite`). */
export function InviteForm({ project, viewerRole }: { project: Project; viewerRole: Role }) {
  const options = project.abilities.canInvite;
  const invite = useInviteToProject({ inForm: true });
  const form = useForm<{ email: string; role: InviteRole | null }>({
    initialValues: { email: "", role: defaultRole(viewerRole, options) },
    validate: (values) =>
      schemaErrors(inviteToProjectSchema, {
        email: values.email,
        role: values.role ?? undefined,
        projectId: project.id,
      }),
  });
  const accountRoles = form.values.role ? (requiredPlatformRoles(form.values.role) ?? NO_ROLES) : NO_ROLES;
  // What is typed searches the accounts on the server (a pause in typing, not every key).
  const [typed] = useDebouncedValue(form.values.email.trim(), 250);
  const { accounts, isFetching } = useAccountsWithRoles(accountRoles, typed);
  // Those already on the team are not offered again.
  const onTeam = new Set(
    project.projectUsersFeData.filter((member) => member.userActiveOnProject).map((member) => member.email),
  );
  const offered = accounts.filter((account) => !onTeam.has(account.email));

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

  const emailProps = {
    label: "Email",
    required: true,
    autoComplete: "off",
    style: { flex: "1 1 220px" },
    ...form.getInputProps("email"),
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Invite to the project">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          {accountRoles.length > 0 && form.values.role ? (
            <AccountEmailInput
              accounts={offered}
              isSearching={isFetching}
              description={accountExplanation(form.values.role)}
              inputProps={emailProps}
            />
          ) : (
            <TextInput type="email" placeholder="name@company.com" {...emailProps} />
          )}
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
        <FormAlert message={formAlertText(invite.error, FORM_ERROR_FALLBACK.invite, Object.keys(form.values))} />
      </Stack>
    </form>
  );
}

/** The e-mail field for staff roles: free text with the matching accounts offered by name and e-mail. */
function AccountEmailInput({
  accounts,
  isSearching,
  description,
  inputProps,
}: {
  accounts: readonly User[];
  isSearching: boolean;
  description: string;
  inputProps: Record<string, unknown> & { value?: string; onChange?: (value: string) => void };
}) {
  const byEmail = new Map(accounts.map((account) => [account.email, account]));
  return (
    <Autocomplete
      {...inputProps}
      description={description}
      // Under the field, so the field lines up with the role select and the button.
      inputWrapperOrder={["label", "input", "description", "error"]}
      placeholder="Name or e-mail"
      data={accounts.map((account) => account.email)}
      // The server has matched name and e-mail words already: every answer is offered as it came.
      filter={({ options }) => options}
      rightSection={isSearching ? <Loader size="xs" aria-label="Searching accounts" /> : null}
      renderOption={({ option }) => {
        const account = byEmail.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{account ? fullName(account) : option.value}</Text>
            <Text size="xs" c="gray.7">
              {option.value}
            </Text>
          </Stack>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
