import { type CreditNoteInput, type Invoice, type InvoiceSettingsInput, invoicesContract } from "@atelier/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiDownload } from "../../lib/api-client.ts";
import { invoiceKeys } from "./invoice-keys.ts";

const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

/** GET /v3/project/{id}/invoices, newest first. */
export function useProjectInvoices(projectId: string) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.project(projectId),
    queryFn: ({ pageParam, signal }) =>
      api(invoicesContract.listProject, { params: { id: projectId }, query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    meta: { errorMessage: "Unable to load invoices. Try again later!" },
  });
}

/** GET /v3/invoices (admin). */
export function useAllInvoices() {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list,
    queryFn: ({ pageParam, signal }) => api(invoicesContract.list, { query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    meta: { errorMessage: "Unable to load invoices. Try again later!" },
  });
}

export function useInvoiceSettings() {
  return useQuery({
    queryKey: invoiceKeys.settings,
    queryFn: ({ signal }) => api(invoicesContract.settings, {}, { signal }),
    meta: { errorMessage: "Unable to load the invoice settings. Try again later!" },
  });
}

export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceSettingsInput) => api(invoicesContract.saveSettings, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(invoiceKeys.settings, saved),
    meta: { errorMessage: "Unable to save the invoice settings. Try again later!" },
  });
}

export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { invoiceId: string } & CreditNoteInput) =>
      api(invoicesContract.issueCreditNote, { params: { invoiceId: input.invoiceId }, body: { reason: input.reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { errorMessage: "Unable to issue the credit note. Try again later!" },
  });
}

/** Saves the document's PDF (the call needs the session's token, so it is fetched, not linked). */
export function downloadInvoicePdf(invoice: Pick<Invoice, "id" | "number" | "kind">): Promise<void> {
  const prefix = invoice.kind === "CREDIT_NOTE" ? "credit-note" : "invoice";
  return apiDownload(invoicesContract.pdf, { params: { invoiceId: invoice.id } }, `${prefix}-${invoice.number}.pdf`);
}

export function downloadInvoicesCsv(): Promise<void> {
  return apiDownload(invoicesContract.exportCsv, {}, "invoices.csv");
}
