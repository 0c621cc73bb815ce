import {
  type AdminUpdateProjectInput,
  adminUpdateProjectSchema,
  isCustomerProjectRole,
  MESSAGES,
  type Project,
  type UpdateProjectDataInput,
  updateProjectDataSchema,
} from "@atelier/shared";
import { Alert, Button, Divider, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Suspense } from "react";
import { fullName } from "../../lib/format.ts";
import { BillingFields } from "../../ui/form/billing-fields.tsx";
import { type BillingValues, billingPayload, billingValuesOf, EMPTY_BILLING } from "../../ui/form/billing-values.ts";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { ProjectPlanSection } from "../billing/index.ts";
import { ProjectWebhooksSection } from "../integrations/index.ts";
import { ProjectDialogFrame } from "./project-dialog-frame.tsx";
import { activeMembers } from "./project-format.ts";
import { FORM_ERROR_FALLBACK, useSaveProjectSettings } from "./use-project-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    projectSettings: { projectId: string };
  }
}

interface SettingsValues extends BillingValues {
  name: string;
  dropboxShareLinkToFolder: string;
  ownerId: string;
}

const BILLING_PATHS = Object.keys(EMPTY_BILLING) as (keyof BillingValues)[];

function initialValues(project: Project): SettingsValues {
  return {
    name: project.name,
    dropboxShareLinkToFolder: project.dropboxShareLinkToFolder ?? "",
    ownerId: project.ownerId,
    ...billingValuesOf(project),
  };
}

function SettingsForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const { abilities } = project;
  const save = useSaveProjectSettings();
  const owners = activeMembers(project.projectUsersFeData).filter(
    (member) => member.role === "customer" && isCustomerProjectRole(member.userProjectRole),
  );
  const form = useForm<SettingsValues>({
    initialValues: initialValues(project),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const admin = adminPart(values);
      if (admin) Object.assign(errors, schemaErrors(adminUpdateProjectSchema, admin));
      const data = dataPart(values);
      if (data) Object.assign(errors, schemaErrors(updateProjectDataSchema, data));
      return errors;
    },
  });

  function billingChanged(): boolean {
    return BILLING_PATHS.some((path) => form.isDirty(path));
  }

  /** The staff-only fields (adminUpdate), when one of them changed. */
  function adminPart(values: SettingsValues): AdminUpdateProjectInput | undefined {
    if (!abilities.canEdit || !form.isDirty("dropboxShareLinkToFolder")) return undefined;
    return { id: project.id, dropboxShareLinkToFolder: values.dropboxShareLinkToFolder };
  }

  /**
   * Name, owner and billing details (updateData), each only when it changed: a new name or owner
   * needs no billing details (issue 29); billing details, once touched, are sent and checked whole.
   */
  function dataPart(values: SettingsValues): UpdateProjectDataInput | undefined {
    const renamed = abilities.canRename && form.isDirty("name");
    const newOwner = abilities.canChangeOwner && form.isDirty("ownerId");
    const billing = abilities.canEditBilling && billingChanged();
    if (!renamed && !newOwner && !billing) return undefined;
    return {
      id: project.id,
      ...(renamed ? { name: values.name } : {}),
      ...(newOwner ? { ownerId: values.ownerId } : {}),
      ...(billing ? billingPayload(values) : {}),
    };
  }

  const submit = form.onSubmit((values) => {
    const admin = adminPart(values);
    const data = dataPart(values);
    if (!admin && !data) {
      onClose();
      return;
    }
    save.mutate(
      { admin, data },
      {
        onSuccess: () => {
          toast.success(MESSAGES.projectUpdated);
          onClose();
        },
        onError: applyServerErrors(form),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {abilities.canRename ? (
          <TextInput label="Project name" required data-autofocus {...form.getInputProps("name")} />
        ) : null}
        {abilities.canEdit ? (
          <TextInput
            label="Dropbox folder link"
            type="url"
            description="Optional: where the project's source files live."
            {...form.getInputProps("dropboxShareLinkToFolder")}
          />
        ) : null}
        {abilities.canChangeOwner && owners.length > 0 ? (
          <Select
            label="Owner"
            description="The owner is billed and manages the team. Only customers on the project can own it."
            allowDeselect={false}
            data={owners.map((member) => ({
              value: member.id,
              label: member.email ? `${fullName(member)} (${member.email})` : fullName(member),
            }))}
            {...form.getInputProps("ownerId")}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {abilities.canEditBilling ? (
          <>
            <Divider label="Billing details" labelPosition="left" />
            <Text size="sm" c="gray.7">
              Needed for invoices and paying for a plan; leave them for later if you only rename the project.
            </Text>
            <BillingFields
              values={form.values}
              getInputProps={(path) => form.getInputProps(path)}
              setCustomerType={(type) => form.setFieldValue("customerType", type)}
              setCountry={(code) => form.setFieldValue("country", code)}
            />
          </>
        ) : null}
        {abilities.canEditBilling ? (
          <>
            <Divider />
            {/* Billing's code loads with the section; it draws nothing until its data arrives either way. */}
            <Suspense fallback={null}>
              <ProjectPlanSection projectId={project.id} />
            </Suspense>
          </>
        ) : null}
        {!abilities.canRename && !abilities.canEditBilling ? (
          <Alert color="gray" variant="light">
            Only the project owner and project managers change these settings.
          </Alert>
        ) : null}
        <FormAlert message={formAlertText(save.error, FORM_ERROR_FALLBACK.settings, Object.keys(form.values))} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {abilities.canRename || abilities.canEditBilling ? (
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC §2 project settings: name (staff), owner, billing details (SPEC §5), the plan (staff, no subscription). */
export function ProjectSettingsDialog({ projectId, onClose }: { projectId: string } & ModalControls) {
  return (
    <ProjectDialogFrame projectId={projectId} title="Project settings" onClose={onClose} size="lg">
      {(project) => (
        <>
          <SettingsForm project={project} onClose={onClose} />
          {/* Its own forms, so beside the settings form rather than in it; owners and staff (managers are refused and it hides). */}
          {project.abilities.canEditBilling ? (
            <Suspense fallback={null}>
              <ProjectWebhooksSection projectId={project.id} />
            </Suspense>
          ) : null}
        </>
      )}
    </ProjectDialogFrame>
  );
}
