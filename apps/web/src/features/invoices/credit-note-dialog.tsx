import { creditNoteSchema, type Invoice } from "@atelier/shared";
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { formatInvoiceAmount } from "./invoice-format.ts";
import { useIssueCreditNote } from "./use-invoices.ts";

/** Admin: reverse an invoice in full with a credit note (an issued invoice is never changed). */
export function CreditNoteDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const issue = useIssueCreditNote();
  const form = useForm({
    initialValues: { reason: "" },
    validate: (values) => schemaErrors(creditNoteSchema, values),
  });
  return (
    <AppDialog title="Issue credit note" onClose={onClose}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          issue.mutate(
            { invoiceId: invoice.id, reason: values.reason },
            {
              onSuccess: (note) => {
                toast.success(`Credit note ${note.number} issued`);
                onClose();
              },
              onError: applyServerErrors(form),
            },
          ),
        )}
      >
        <Stack gap="md">
          <Text size="sm">
            {`Invoice ${invoice.number} to ${invoice.buyerName} (${formatInvoiceAmount(invoice.totalCents)}) will be reversed in full by a credit note with the next number. This cannot be undone.`}
          </Text>
          <Textarea label="Reason" required autosize minRows={2} data-autofocus {...form.getInputProps("reason")} />
          <FormAlert
            message={formAlertText(issue.error, "Unable to issue the credit note. Try again later!", ["reason"])}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={issue.isPending}>
              Issue credit note
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
