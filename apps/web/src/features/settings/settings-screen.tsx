import { MESSAGES, TASK_SORT_LABELS, TASK_SORT_TYPES, type TaskSortType, updateProfileSchema } from "@atelier/shared";
import { Button, Card, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Suspense, useState } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { hashPasswordOrUndefined } from "../../lib/sha256.ts";
import { AvatarInput } from "../../ui/form/avatar-input.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { confirmMismatch, newPasswordError } from "../../ui/form/password-fields.ts";
import { applyServerErrors, formAlertText, passwordForSchema, schemaErrors } from "../../ui/form/schema-errors.ts";
import { Page } from "../../ui/page.tsx";
import { toast } from "../../ui/toasts.ts";
import { IntegrationSettings } from "../integrations/index.ts";
import { PrivacySettings, TwoFactorEnrolmentGate } from "../privacy/index.ts";
import { NotificationSettings } from "./notification-settings.tsx";
import { useUpdateProfile } from "./use-update-profile.ts";

interface SettingsValues {
  name: string;
  surname: string;
  email: string;
  avatarKey: string | null;
  taskSortType: TaskSortType;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function isTaskSortType(value: string): value is TaskSortType {
  return (TASK_SORT_TYPES as readonly string[]).includes(value);
}

export default function SettingsScreen() {
  const user = useSignedInUser();
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useForm<SettingsValues>({
    initialValues: {
      name: user.name,
      surname: user.surname,
      email: user.email,
      avatarKey: user.avatarKey,
      taskSortType: user.taskSortType,
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
    },
    validate: (values) => {
      const errors = schemaErrors(updateProfileSchema, {
        name: values.name,
        surname: values.surname,
        email: values.email,
        avatarKey: values.avatarKey,
        taskSortType: values.taskSortType,
        currentPassword: passwordForSchema(values.currentPassword),
        newPassword: passwordForSchema(values.newPassword),
      });
      if (values.email.trim().toLowerCase() !== user.email && !values.currentPassword) {
        errors.currentPassword = MESSAGES.currentPasswordForEmail;
      }
      const changingPassword = Boolean(values.newPassword || values.confirmPassword);
      if (changingPassword) {
        const newError = newPasswordError(values.newPassword);
        if (newError) errors.newPassword = newError;
        const mismatch = confirmMismatch(values.newPassword, values.confirmPassword);
        if (mismatch) errors.confirmPassword = mismatch;
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    const changingPassword = Boolean(values.newPassword);
    const changingEmail = values.email.trim().toLowerCase() !== user.email;
    const needsPassword = changingPassword || changingEmail;
    update.mutate(
      {
        name: values.name,
        surname: values.surname,
        email: changingEmail ? values.email : undefined,
        avatarKey: values.avatarKey,
        taskSortType: values.taskSortType,
        currentPassword: needsPassword ? await hashPasswordOrUndefined(values.currentPassword) : undefined,
        newPassword: changingPassword ? await hashPasswordOrUndefined(values.newPassword) : undefined,
      },
      {
        onSuccess: (saved) => {
          toast.success(changingPassword ? "Your settings and password were saved" : "Your settings were saved");
          setPendingEmail(saved.pendingEmail ?? null);
          // Until the link is opened the e-mail in use stays the old one: the field shows it again.
          form.setValues({ email: saved.email, currentPassword: "", newPassword: "", confirmPassword: "" });
          form.resetDirty();
        },
        onError: applyServerErrors(form),
      },
    );
  });

  return (
    <Page title="Settings">
      <Suspense fallback={null}>
        <TwoFactorEnrolmentGate>
          <form onSubmit={submit} noValidate>
            <Stack gap="lg" maw={720}>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-profile">
                <Title order={2} size="h4" id="settings-profile" mb="md">
                  Profile
                </Title>
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <TextInput label="Name" required autoComplete="given-name" {...form.getInputProps("name")} />
                    <TextInput label="Surname" required autoComplete="family-name" {...form.getInputProps("surname")} />
                  </SimpleGrid>
                  <TextInput
                    label="Email"
                    type="email"
                    required
                    autoComplete="email"
                    description="To change it, enter your current password below; we send a confirmation link to the new address."
                    maw={420}
                    {...form.getInputProps("email")}
                  />
                  {pendingEmail ? (
                    <Text size="sm" role="status" c="teal.9">
                      {MESSAGES.emailChangeSent(pendingEmail)}
                    </Text>
                  ) : null}
                  <AvatarInput
                    value={form.values.avatarKey}
                    onChange={(key) => form.setFieldValue("avatarKey", key)}
                    name={form.values.name}
                    surname={form.values.surname}
                    error={typeof form.errors.avatarKey === "string" ? form.errors.avatarKey : null}
                    onUploadingChange={setUploading}
                  />
                  <Select
                    label="Task sort"
                    description="How tasks are ordered in your project lists"
                    allowDeselect={false}
                    data={TASK_SORT_TYPES.map((value) => ({ value, label: TASK_SORT_LABELS[value] }))}
                    {...form.getInputProps("taskSortType")}
                    onChange={(value) => {
                      if (value && isTaskSortType(value)) form.setFieldValue("taskSortType", value);
                    }}
                    maw={320}
                  />
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-password">
                <Title order={2} size="h4" id="settings-password" mb={4}>
                  Change password
                </Title>
                <Text size="sm" c="gray.7" mb="md">
                  Leave the new password empty to keep your current one. The current password is also asked for a new
                  e-mail.
                </Text>
                <Stack gap="md" maw={360}>
                  <PasswordInput
                    label="Current password"
                    autoComplete="current-password"
                    {...form.getInputProps("currentPassword")}
                  />
                  <PasswordInput
                    label="New password"
                    autoComplete="new-password"
                    {...form.getInputProps("newPassword")}
                  />
                  <PasswordInput
                    label="Confirm new password"
                    autoComplete="new-password"
                    {...form.getInputProps("confirmPassword")}
                  />
                </Stack>
              </Card>
              <FormAlert message={formAlertText(update.error, MESSAGES.unableToUpdateUser, Object.keys(form.values))} />
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending} disabled={uploading}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
          <Stack gap="lg" maw={720} mt="lg">
            <NotificationSettings />
            <Suspense fallback={null}>
              <PrivacySettings />
            </Suspense>
            <Suspense fallback={null}>
              <IntegrationSettings />
            </Suspense>
          </Stack>
        </TwoFactorEnrolmentGate>
      </Suspense>
    </Page>
  );
}
