import { type InvoiceSettings, invoiceSettingsSchema } from "@atelier/shared";
import { COUNTRIES } from "@atelier/shared/countries";
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { applyServerErrors, schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { useSaveInvoiceSettings } from "./use-invoices.ts";
import { formatVatRates, parseVatRates } from "./vat-rates-text.ts";

const countryOptions = COUNTRIES.map((country) => ({ value: country.countryCode, label: country.countryName }));

interface Values {
  legalName: string;
  address: string;
  country: string;
  vatId: string;
  vatRates: string;
}

function toInput(values: Values) {
  const parsed = parseVatRates(values.vatRates);
  return { parsed, input: { ...values, vatRates: "rates" in parsed ? parsed.rates : {} } };
}

/** The seller printed on invoices and the VAT rate per buyer country; issued invoices keep theirs. */
export function InvoiceSettingsForm({ settings }: { settings: InvoiceSettings }) {
  const save = useSaveInvoiceSettings();
  const form = useForm<Values>({
    initialValues: {
      legalName: settings.legalName,
      address: settings.address,
      country: settings.country,
      vatId: settings.vatId,
      vatRates: formatVatRates(settings.vatRates),
    },
    validate: (values) => {
      const { parsed, input } = toInput(values);
      const errors = schemaErrors(invoiceSettingsSchema, input);
      // A rate's own error (vatRates.DE) shows on the one rates field.
      for (const key of Object.keys(errors)) {
        if (key.startsWith("vatRates.")) errors.vatRates = `${key.slice(9)}: ${errors[key]}`;
      }
      if ("error" in parsed) errors.vatRates = parsed.error;
      return errors;
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invoice-settings-heading">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(toInput(values).input, {
            onSuccess: () => toast.success("Invoice settings saved"),
            onError: applyServerErrors(form),
          }),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="invoice-settings-heading">
            Seller on invoices
          </Title>
          {settings.updatedAt === null ? (
            <Text size="sm" c="orange.9" role="status">
              Not set yet: invoices are issued with the product name as the seller until you save these.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Legal name" required {...form.getInputProps("legalName")} />
            <TextInput label="VAT ID" {...form.getInputProps("vatId")} />
            <Textarea label="Address" required autosize minRows={2} {...form.getInputProps("address")} />
            <Select
              label="Country"
              required
              searchable
              data={countryOptions}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("country")}
            />
          </SimpleGrid>
          <Textarea
            label="VAT rates by buyer country"
            description='One per line, a country code and a percent: "DE 19". No line, no VAT for that country.'
            autosize
            minRows={2}
            {...form.getInputProps("vatRates")}
          />
          <Text size="sm">
            Bank details: {settings.bankDetails ?? "none (set PAYMENT_BANK_IBAN and PAYMENT_BANK_BENEFICIARY)"}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save invoice settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
