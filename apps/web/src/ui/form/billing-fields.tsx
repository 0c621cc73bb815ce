import { CUSTOMER_TYPES, type CustomerType } from "@atelier/shared";
import { COUNTRIES } from "@atelier/shared/countries";
import { Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import type { BillingValues } from "./billing-values.ts";

const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { COMPANY: "Company", INDIVIDUAL: "Individual" };
// Built on first render of the form, not when the module loads.
let countryOptions: { value: string; label: string }[] | null = null;
function getCountryOptions() {
  countryOptions ??= COUNTRIES.map((country) => ({ value: country.countryCode, label: country.countryName }));
  return countryOptions;
}

function isCustomerType(value: string | null): value is CustomerType {
  return (CUSTOMER_TYPES as readonly string[]).includes(value ?? "");
}

interface BillingFieldsProps {
  values: Pick<BillingValues, "customerType">;
  /** the form's getInputProps for the billing paths (the form holds them under these names) */
  getInputProps: (path: keyof BillingValues) => GetInputPropsReturnType;
  setCustomerType: (type: CustomerType) => void;
  setCountry: (code: string | null) => void;
  /** false when the names come from another part of the form (onboarding's account step) */
  withNames?: boolean;
  disabled?: boolean;
}

/**
 * SPEC §3/§5 billing details: customer type, first and last name, the company name only for a
 * company, street address, city, post code and a searchable country (shared COUNTRIES).
 */
export function BillingFields({
  values,
  getInputProps,
  setCustomerType,
  setCountry,
  withNames = true,
  disabled = false,
}: BillingFieldsProps) {
  const countryProps = getInputProps("country");
  return (
    <Stack gap="md">
      <Select
        label="Customer type"
        allowDeselect={false}
        disabled={disabled}
        data={CUSTOMER_TYPES.map((value) => ({ value, label: CUSTOMER_TYPE_LABELS[value] }))}
        {...getInputProps("customerType")}
        onChange={(value) => {
          if (isCustomerType(value)) setCustomerType(value);
        }}
      />
      {withNames ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            required
            disabled={disabled}
            autoComplete="billing given-name"
            {...getInputProps("customerFirstName")}
          />
          <TextInput
            label="Last name"
            required
            disabled={disabled}
            autoComplete="billing family-name"
            {...getInputProps("customerLastName")}
          />
        </SimpleGrid>
      ) : null}
      {values.customerType === "COMPANY" ? (
        <TextInput
          label="Company name"
          description="The company's full legal name, as on invoices"
          required
          disabled={disabled}
          autoComplete="billing organization"
          {...getInputProps("customerCompanyName")}
        />
      ) : null}
      <TextInput
        label="Street address"
        required
        disabled={disabled}
        autoComplete="billing street-address"
        {...getInputProps("customerAddress")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="City"
          required
          disabled={disabled}
          autoComplete="billing address-level2"
          {...getInputProps("customerPost")}
        />
        <TextInput
          label="Post code"
          required
          disabled={disabled}
          autoComplete="billing postal-code"
          {...getInputProps("customerPostCode")}
        />
      </SimpleGrid>
      <Select
        label="Country"
        placeholder="Search countries"
        required
        searchable
        disabled={disabled}
        data={getCountryOptions()}
        nothingFoundMessage="No country found"
        {...countryProps}
        onChange={(value) => setCountry(value)}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
