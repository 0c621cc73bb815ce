import {
  adminCreateProjectSchema,
  canAdminCreateProject,
  canCreateProjectForCustomer,
  createProjectSchema,
  type ProjectActor,
} from "@atelier/shared";
import { Button, Group, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "../../lib/router/index.ts";
import { hashPasswordOrUndefined } from "../../lib/sha256.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { newPasswordError } from "../../ui/form/password-fields.ts";
import { formAlertText, passwordForSchema, schemaErrors, serverFieldErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { CustomerPicker } from "./customer-picker.tsx";
import { FORM_ERROR_FALLBACK, useCreateProject } from "./use-project-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2: opened by the header's New Project action with the user (id, role) and e-mail. */
    projectCreate: { actor: ProjectActor; email: string };
  }
}

type CustomerChoice = "existing" | "new";

interface CreateValues {
  name: string;
  customerChoice: CustomerChoice;
  customerEmail: string | null;
  customerFirstName: string;
  customerLastName: string;
  newCustomerEmail: string;
  customerCompanyName: string;
  customerPassword: string;
  dropboxShareLinkToFolder: string;
}

/** The form's values as the shared create schema sees them (the password as a hash stand-in). */
function toPayload(values: CreateValues, actor: ProjectActor, ownEmail: string, password: string | undefined) {
  if (!canCreateProjectForCustomer(actor))
    return { name: values.name, isExistingCustomer: true, customerEmail: ownEmail };
  const isExisting = values.customerChoice === "existing";
  return {
    name: values.name,
    isExistingCustomer: isExisting,
    customerEmail: (isExisting ? values.customerEmail : values.newCustomerEmail) || undefined,
    ...(isExisting
      ? {}
      : {
          customerFirstName: values.customerFirstName,
          customerLastName: values.customerLastName,
          customerCompanyName: values.customerCompanyName || undefined,
          customerPassword: password,
        }),
    ...(canAdminCreateProject(actor) && values.dropboxShareLinkToFolder
      ? { dropboxShareLinkToFolder: values.dropboxShareLinkToFolder }
      : {}),
  };
}

/** The server names the e-mail `customerEmail` for both choices; the form has one field per choice. */
function mapErrors(errors: Record<string, string>, choice: CustomerChoice): Record<string, string> {
  const { customerEmail, ...rest } = errors;
  if (!customerEmail) return rest;
  return { ...rest, [choice === "existing" ? "customerEmail" : "newCustomerEmail"]: customerEmail };
}

/**
 * SPEC §2/§6 project create: a customer names a project for themselves; a project manager picks an
 * existing customer or enters a new one; an admin the same through the admin create call.
 */
export default function ProjectCreateDialog({
  actor,
  email,
  onClose,
}: { actor: ProjectActor; email: string } & ModalControls) {
  const create = useCreateProject();
  const navigate = useNavigate();
  // Staff create for a customer (an existing one or a new account); customers only for themselves.
  const isStaff = canCreateProjectForCustomer(actor);
  const asAdmin = canAdminCreateProject(actor);
  const schema = asAdmin ? adminCreateProjectSchema : createProjectSchema;
  const form = useForm<CreateValues>({
    initialValues: {
      name: "",
      customerChoice: "existing",
      customerEmail: null,
      customerFirstName: "",
      customerLastName: "",
      newCustomerEmail: "",
      customerCompanyName: "",
      customerPassword: "",
      dropboxShareLinkToFolder: "",
    },
    validate: (values) => {
      const placeholder = passwordForSchema(values.customerPassword);
      const errors = mapErrors(
        schemaErrors(schema, toPayload(values, actor, email, placeholder)),
        values.customerChoice,
      );
      if (isStaff && values.customerChoice === "existing" && !values.customerEmail) {
        errors.customerEmail = "Choose a customer";
      }
      if (isStaff && values.customerChoice === "new") {
        const passwordError = newPasswordError(values.customerPassword);
        if (passwordError) errors.customerPassword = passwordError;
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    const password =
      isStaff && values.customerChoice === "new" ? await hashPasswordOrUndefined(values.customerPassword) : undefined;
    create.mutate(
      { asAdmin, input: toPayload(values, actor, email, password) },
      {
        onSuccess: (project) => {
          toast.success(`Project "${project.name}" was created`);
          onClose();
          void navigate(`/project/${project.id}`);
        },
        onError: (error) => form.setErrors(mapErrors(serverFieldErrors(error), values.customerChoice)),
      },
    );
  });

  const isNew = form.values.customerChoice === "new";
  return (
    <AppDialog title="New project" onClose={onClose} size={isStaff ? "lg" : "md"}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Project name" required data-autofocus {...form.getInputProps("name")} />
          {isStaff ? (
            <>
              <Stack gap={6}>
                <Text size="sm" fw={500} id="customer-choice-label">
                  Whose project is it?
                </Text>
                <SegmentedControl
                  aria-labelledby="customer-choice-label"
                  fullWidth
                  value={form.values.customerChoice}
                  onChange={(value) => form.setFieldValue("customerChoice", value === "new" ? "new" : "existing")}
                  data={[
                    { value: "existing", label: "Existing customer" },
                    { value: "new", label: "New customer" },
                  ]}
                />
              </Stack>
              {isNew ? (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <TextInput
                      label="First name"
                      required
                      autoComplete="off"
                      {...form.getInputProps("customerFirstName")}
                    />
                    <TextInput
                      label="Last name"
                      required
                      autoComplete="off"
                      {...form.getInputProps("customerLastName")}
                    />
                  </SimpleGrid>
                  <TextInput
                    label="Email"
                    type="email"
                    required
                    autoComplete="off"
                    {...form.getInputProps("newCustomerEmail")}
                  />
                  <TextInput label="Company name" autoComplete="off" {...form.getInputProps("customerCompanyName")} />
                  <PasswordInput
                    label="Password"
                    description="The customer signs in with it; share it with them safely."
                    required
                    autoComplete="new-password"
                    {...form.getInputProps("customerPassword")}
                  />
                </>
              ) : (
                <CustomerPicker
                  value={form.values.customerEmail}
                  onChange={(value) => form.setFieldValue("customerEmail", value)}
                  error={typeof form.errors.customerEmail === "string" ? form.errors.customerEmail : null}
                />
              )}
              {asAdmin ? (
                <TextInput
                  label="Dropbox folder link"
                  description="Optional: where the project's source files live."
                  type="url"
                  {...form.getInputProps("dropboxShareLinkToFolder")}
                />
              ) : null}
            </>
          ) : (
            <Text size="sm" c="gray.7">
              The project is created for your account ({email}). You can invite your team afterwards.
            </Text>
          )}
          <FormAlert message={formAlertText(create.error, FORM_ERROR_FALLBACK.create, Object.keys(form.values))} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
