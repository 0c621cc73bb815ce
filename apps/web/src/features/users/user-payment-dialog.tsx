import "@mantine/dates/styles.css";
import { recordPaymentSchema, type User } from "@atelier/shared";
import { Button, Group, NumberInput, Skeleton, Stack, Table, Text, Textarea } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { fullName } from "../../lib/format.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { usePayments, useRecordPayment } from "./use-hours.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    userPayment: { user: User };
  }
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A calendar day picked in the browser as the UTC midnight of that day (what the server stores). */
function toUtcDay(value: string | null): number | null {
  if (!value) return null;
  const [year, month, date] = value.split("-").map(Number);
  return year && month && date ? Date.UTC(year, month - 1, date) : null;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function History({ user }: { user: User }) {
  const payments = usePayments(user.id);
  if (payments.isPending) return <Skeleton h={80} />;
  if (payments.isError) return <Text size="sm">Could not load the payments.</Text>;
  const items = payments.data.items;
  if (items.length === 0) return <Text size="sm">No payments recorded yet.</Text>;
  return (
    <Table verticalSpacing={4} striped>
      <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>Payment history</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>Note</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td>{day.format(payment.date)}</Table.Td>
            <Table.Td>{money.format(payment.amount)}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{payment.note}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** SPEC §2 user payment dialog (admin): what the platform owes, a payment form and the history. */
export function UserPaymentDialog({ user, onClose }: { user: User } & ModalControls) {
  const record = useRecordPayment();
  const [debt, setDebt] = useState(user.debtMoney);
  const form = useForm<{ amount: number | string; date: string | null; note: string }>({
    initialValues: { amount: "", date: today(), note: "" },
    validate: (values) =>
      schemaErrors(recordPaymentSchema, {
        userId: user.id,
        amount: values.amount === "" ? undefined : Number(values.amount),
        date: toUtcDay(values.date) ?? undefined,
        note: values.note,
      }),
  });
  const submit = form.onSubmit((values) => {
    record.mutate(
      { userId: user.id, amount: Number(values.amount), date: toUtcDay(values.date) ?? 0, note: values.note },
      {
        onSuccess: (result) => {
          setDebt(result.debtMoney);
          form.reset();
          toast.success(`Payment of ${money.format(result.payment.amount)} recorded`);
        },
        onError: applyServerErrors(form),
      },
    );
  });
  return (
    <AppDialog title={`Payment to ${fullName(user)}`} onClose={onClose} size="lg">
      <Stack gap="md">
        <Text>
          Owed: <strong data-testid="debt-money">{money.format(debt)}</strong>
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FormAlert
              message={formAlertText(record.error, "Unable to record the payment", ["amount", "date", "note"])}
            />
            <Group grow align="flex-start">
              <NumberInput
                label="Amount"
                description="Dollars"
                required
                min={0}
                decimalScale={2}
                prefix="$"
                data-autofocus
                {...form.getInputProps("amount")}
              />
              <DatePickerInput
                label="Date"
                required
                firstDayOfWeek={1}
                valueFormat="D MMM YYYY"
                {...form.getInputProps("date")}
              />
            </Group>
            <Textarea label="Note" autosize minRows={2} maxRows={4} {...form.getInputProps("note")} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={record.isPending}>
                Record payment
              </Button>
            </Group>
          </Stack>
        </form>
        <History user={user} />
      </Stack>
    </AppDialog>
  );
}
