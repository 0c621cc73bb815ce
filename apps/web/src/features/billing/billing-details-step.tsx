import { type Project, updateProjectDataSchema } from "@atelier/shared";
import { Button, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { BillingFields } from "../../ui/form/billing-fields.tsx";
import { type BillingValues, billingPayload, billingValuesOf } from "../../ui/form/billing-values.ts";
import { applyServerErrors, schemaErrors } from "../../ui/form/schema-errors.ts";
import { useSaveBillingDetails } from "./use-billing.ts";

/** Step 1: SPEC §5's billing validation; continue saves the details (back is disabled). */
export function DetailsStep({ project, onSaved }: { project: Project; onSaved: () => void }) {
  const save = useSaveBillingDetails();
  const form = useForm<BillingValues>({
    initialValues: billingValuesOf(project),
    validate: (values) => schemaErrors(updateProjectDataSchema, { id: project.id, ...billingPayload(values) }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: project.id, ...billingPayload(values) },
      { onSuccess: onSaved, onError: applyServerErrors(form) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BillingFields
          values={form.values}
          getInputProps={(path) => form.getInputProps(path)}
          setCustomerType={(type) => form.setFieldValue("customerType", type)}
          setCountry={(code) => form.setFieldValue("country", code)}
        />
        <Group justify="space-between">
          <Button variant="default" disabled>
            Back
          </Button>
          <Button type="submit" loading={save.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
