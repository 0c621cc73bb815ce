import { Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { DownloadPdfButton } from "./download-button.tsx";
import { formatInvoiceAmount, formatIssueDate, invoiceKindLabel } from "./invoice-format.ts";
import { useProjectInvoices } from "./use-invoices.ts";

/** The Plan screen's invoices: every confirmed payment's invoice and any credit note, newest first. */
export function ProjectInvoicesSection({ projectId }: { projectId: string }) {
  const invoices = useProjectInvoices(projectId);
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="project-invoices-heading">
      <Title order={3} size="h5" id="project-invoices-heading">
        Invoices
      </Title>
      {invoices.isPending ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Loading invoices…</Text>
        </Group>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet: each confirmed payment gets one here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-labelledby="project-invoices-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Download</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    {invoiceKindLabel(invoice)} {invoice.number}
                    {invoice.creditedBy ? (
                      <Text size="xs" c="dimmed">
                        Credited by {invoice.creditedBy.number}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatIssueDate(invoice.issuedAt)}</Table.Td>
                  <Table.Td ta="right">{formatInvoiceAmount(invoice.totalCents)}</Table.Td>
                  <Table.Td>
                    <DownloadPdfButton invoice={invoice} />
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
          size="xs"
          onClick={() => void invoices.fetchNextPage()}
          loading={invoices.isFetchingNextPage}
        >
          Show more invoices
        </Button>
      ) : null}
    </Stack>
  );
}
