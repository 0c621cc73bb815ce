import { type PaymentOrder, rejectOrderSchema } from "@atelier/shared";
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { orderAmount } from "./plan-format.ts";
import { useRejectOrder } from "./use-billing.ts";

/** Admin: reject an open order, with the reason the customer reads on the project's billing. */
export function RejectOrderDialog({ order, onClose }: { order: PaymentOrder; onClose: () => void }) {
  const reject = useRejectOrder();
  const form = useForm({
    initialValues: { reason: "" },
    validate: (values) => schemaErrors(rejectOrderSchema, values),
  });
  return (
    <AppDialog title="Reject payment order" onClose={onClose}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          reject.mutate(
            { orderId: order.id, reason: values.reason },
            {
              onSuccess: () => {
                toast.success(`Order ${order.reference} rejected`);
                onClose();
              },
              onError: applyServerErrors(form),
            },
          ),
        )}
      >
        <Stack gap="md">
          <Text size="sm">
            {`${orderAmount(order)} with reference ${order.reference} for "${order.projectName}". The customer sees your reason on the project's billing and can order again.`}
          </Text>
          <Textarea
            label="Reason for the customer"
            required
            autosize
            minRows={3}
            data-autofocus
            {...form.getInputProps("reason")}
          />
          <FormAlert
            message={formAlertText(reject.error, "Unable to reject the order. Try again later!", ["reason"])}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Reject order
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
