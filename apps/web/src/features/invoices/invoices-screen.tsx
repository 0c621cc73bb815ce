import type { Invoice } from "@atelier/shared";
import { Button, Group, Skeleton, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Page } from "../../ui/page.tsx";
import { showApiError } from "../../ui/show-api-error.ts";
import { CreditNoteDialog } from "./credit-note-dialog.tsx";
import { DownloadPdfButton } from "./download-button.tsx";
import { formatInvoiceAmount, formatIssueDate, invoiceKindLabel } from "./invoice-format.ts";
import { InvoiceSettingsForm } from "./settings-form.tsx";
import { downloadInvoicesCsv, useAllInvoices, useInvoiceSettings } from "./use-invoices.ts";

function ExportCsvButton() {
  const [isBusy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      loading={isBusy}
      onClick={() => {
        setBusy(true);
        downloadInvoicesCsv()
          .catch((error: unknown) => showApiError(error, "Unable to export the invoices. Try again later!"))
          .finally(() => setBusy(false));
      }}
    >
      Export CSV
    </Button>
  );
}

/** Admin: every invoice and credit note, the CSV export and the seller settings. */
export default function InvoicesScreen() {
  const settings = useInvoiceSettings();
  const invoices = useAllInvoices();
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title="Invoices">
      {settings.data ? <InvoiceSettingsForm settings={settings.data} /> : <Skeleton height={260} radius="md" />}
      <section aria-labelledby="invoices-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id="invoices-heading">
            Issued
          </Title>
          {items.length > 0 ? <ExportCsvButton /> : null}
        </Group>
        {invoices.isPending ? (
          <Skeleton height={120} radius="md" />
        ) : items.length === 0 ? (
          <EmptyState order={3} title="No invoices yet" description="Each confirmed payment issues an invoice here." />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped aria-labelledby="invoices-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th ta="right">VAT</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      {invoiceKindLabel(invoice)} {invoice.number}
                      {invoice.credits ? (
                        <Text size="xs" c="dimmed">
                          Credits {invoice.credits.number}
                        </Text>
                      ) : null}
                      {invoice.creditedBy ? (
                        <Text size="xs" c="dimmed">
                          Credited by {invoice.creditedBy.number}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatIssueDate(invoice.issuedAt)}</Table.Td>
                    <Table.Td>{invoice.buyerName}</Table.Td>
                    <Table.Td>{invoice.projectName}</Table.Td>
                    <Table.Td ta="right">{formatInvoiceAmount(invoice.netCents)}</Table.Td>
                    <Table.Td ta="right">{formatInvoiceAmount(invoice.vatCents)}</Table.Td>
                    <Table.Td ta="right">{formatInvoiceAmount(invoice.totalCents)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <DownloadPdfButton invoice={invoice} />
                        {invoice.kind === "INVOICE" && !invoice.creditedBy ? (
                          <Button size="xs" variant="default" c="red.9" onClick={() => setCrediting(invoice)}>
                            Credit {invoice.number}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {invoices.hasNextPage ? (
          <Button
            variant="default"
            mt="sm"
            onClick={() => void invoices.fetchNextPage()}
            loading={invoices.isFetchingNextPage}
          >
            Show more
          </Button>
        ) : null}
      </section>
      {crediting ? <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} /> : null}
    </Page>
  );
}
