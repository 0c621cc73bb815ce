import {
  ASSIGNABLE_STAFF_ROLES,
  type AssignableStaffRole,
  canChangeUserEmail,
  canChangeUserRole,
  canCreateUserWithRole,
  MESSAGES,
  ROLE_LABELS,
  saveUserSchema,
  type User,
} from "@atelier/shared";
import { Button, Group, NumberInput, PasswordInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { fullName } from "../../lib/format.ts";
import { hashPasswordOrUndefined } from "../../lib/sha256.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { AvatarInput } from "../../ui/form/avatar-input.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { newPasswordError } from "../../ui/form/password-fields.ts";
import { applyServerErrors, formAlertText, passwordForSchema, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useSaveUser } from "./use-users.ts";

interface UserFormValues {
  name: string;
  surname: string;
  email: string;
  password: string;
  hourRate: number | string;
  role: AssignableStaffRole;
  avatarKey: string | null;
}

function isAssignable(role: string): role is AssignableStaffRole {
  return (ASSIGNABLE_STAFF_ROLES as readonly string[]).includes(role);
}

interface UserFormDialogProps extends ModalControls {
  /** The user being edited; absent when adding one. */
  user?: User;
}

/** SPEC §3 Designer form: add a user (with password) or update one (without). */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  const actor = useSignedInUser();
  const save = useSaveUser();
  const [uploading, setUploading] = useState(false);
  const isEdit = user !== undefined;
  const roleOptions = ASSIGNABLE_STAFF_ROLES.filter((role) => isEdit || canCreateUserWithRole(actor, role)).map(
    (role) => ({ value: role, label: ROLE_LABELS[role] }),
  );
  // SPEC §5: the role select is hidden when the user's role is admin or customer.
  const showRole = isEdit ? isAssignable(user.role) && canChangeUserRole(actor, user) : roleOptions.length > 1;
  // One's own e-mail changes in Settings (with the password); another's only by a link to the new address.
  const emailEditable = !isEdit || canChangeUserEmail(actor, user);
  // Adding with a single role on offer (a project manager adds designers only): say so, not a silent default.
  const fixedRole = !isEdit && roleOptions.length === 1 ? roleOptions[0] : undefined;

  const form = useForm<UserFormValues>({
    initialValues: {
      name: user?.name ?? "",
      surname: user?.surname ?? "",
      email: user?.email ?? "",
      password: "",
      hourRate: user?.hourRate ?? 0,
      role: user && isAssignable(user.role) ? user.role : (fixedRole?.value ?? "designer"),
      avatarKey: user?.avatarKey ?? null,
    },
    validate: (values) => {
      const errors = schemaErrors(saveUserSchema, {
        ...values,
        // The field holds text while it is typed in; the call sends a number (JSON takes no other).
        hourRate: hourRateOf(values.hourRate),
        id: user?.id,
        password: passwordForSchema(values.password),
      });
      if (!isEdit) {
        const passwordError = newPasswordError(values.password);
        if (passwordError) errors.password = passwordError;
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    const password = isEdit ? undefined : await hashPasswordOrUndefined(values.password);
    const sendRole = isEdit ? showRole : true;
    save.mutate(
      {
        id: user?.id,
        name: values.name,
        surname: values.surname,
        email: values.email,
        password,
        hourRate: hourRateOf(values.hourRate),
        role: sendRole ? values.role : undefined,
        avatarKey: values.avatarKey,
      },
      {
        onSuccess: (saved) => {
          toast.success(`${fullName(saved)} was ${isEdit ? "updated" : "added"}`);
          if (saved.pendingEmail) toast.success(MESSAGES.emailChangeSent(saved.pendingEmail));
          onClose();
        },
        onError: applyServerErrors(form),
      },
    );
  });

  return (
    <AppDialog title={isEdit ? "Update user" : "Add user"} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
            <TextInput label="Surname" required {...form.getInputProps("surname")} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            readOnly={!emailEditable}
            variant={emailEditable ? "default" : "filled"}
            description={
              !emailEditable
                ? "Change your own e-mail in Settings."
                : isEdit
                  ? "A new e-mail takes effect once the link we send to it is opened; the old one is told."
                  : undefined
            }
            {...form.getInputProps("email")}
          />
          {isEdit ? null : (
            <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps("password")} />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Hour rate"
              description="Dollars per hour"
              min={0}
              decimalScale={2}
              prefix="$"
              {...form.getInputProps("hourRate")}
            />
            {showRole ? (
              <Select
                label="Role"
                data={roleOptions}
                allowDeselect={false}
                {...form.getInputProps("role")}
                onChange={(value) => {
                  if (value && isAssignable(value)) form.setFieldValue("role", value);
                }}
              />
            ) : null}
            {fixedRole ? (
              <TextInput
                label="Role"
                value={fixedRole.label}
                readOnly
                variant="filled"
                description={`New users you add are ${fixedRole.label.toLowerCase()}s. Only an admin adds project managers.`}
              />
            ) : null}
          </SimpleGrid>
          <AvatarInput
            value={form.values.avatarKey}
            onChange={(key) => form.setFieldValue("avatarKey", key)}
            name={form.values.name}
            surname={form.values.surname}
            error={typeof form.errors.avatarKey === "string" ? form.errors.avatarKey : null}
            onUploadingChange={setUploading}
          />
          <FormAlert message={formAlertText(save.error, MESSAGES.unableToUpdateUser, Object.keys(form.values))} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={uploading || (!isEdit && form.values.password === "")}
            >
              {isEdit ? "Save" : "Add"}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

function hourRateOf(value: number | string): number {
  return value === "" ? 0 : Number(value);
}
