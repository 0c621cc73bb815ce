import type { CustomerSummary } from "@atelier/shared";
import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { fullName } from "../../lib/format.ts";
import { useCustomerSearch } from "./use-projects.ts";

interface CustomerPickerProps {
  /** the chosen customer's e-mail */
  value: string | null;
  onChange: (email: string | null) => void;
  error?: string | null;
}

function optionLabel(customer: CustomerSummary): string {
  return `${fullName(customer)} (${customer.email})`;
}

/** "Customer": a searchable select fed by GET /profile/listCustomers?search= (the server filters). */
export function CustomerPicker({ value, onChange, error }: CustomerPickerProps) {
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<CustomerSummary | null>(null);
  // Once a customer is picked the input shows their label: that is not a new search.
  const typed = chosen && search === optionLabel(chosen) ? "" : search;
  const [debounced] = useDebouncedValue(typed.trim(), 250);
  const customers = useCustomerSearch(debounced, true);
  const found = customers.data?.items ?? [];
  const options = chosen && !found.some((customer) => customer.email === chosen.email) ? [chosen, ...found] : found;

  return (
    <Select
      label="Customer"
      placeholder="Search by name or e-mail"
      searchable
      clearable
      required
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(email) => {
        setChosen(options.find((customer) => customer.email === email) ?? null);
        onChange(email);
      }}
      filter={({ options: all }) => all}
      data={options.map((customer) => ({ value: customer.email, label: optionLabel(customer) }))}
      nothingFoundMessage={customers.isFetching ? "Searching…" : "No customer found"}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
