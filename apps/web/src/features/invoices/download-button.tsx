import type { Invoice } from "@atelier/shared";
import { Button } from "@mantine/core";
import { useState } from "react";
import { showApiError } from "../../ui/show-api-error.ts";
import { invoiceKindLabel } from "./invoice-format.ts";
import { downloadInvoicePdf } from "./use-invoices.ts";

/** Downloads one document's PDF; busy while the server draws it. */
export function DownloadPdfButton({ invoice }: { invoice: Invoice }) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      loading={isBusy}
      aria-label={`Download PDF of ${invoiceKindLabel(invoice).toLowerCase()} ${invoice.number}`}
      onClick={() => {
        setBusy(true);
        downloadInvoicePdf(invoice)
          .catch((error: unknown) => showApiError(error, "Unable to download the invoice. Try again later!"))
          .finally(() => setBusy(false));
      }}
    >
      Download PDF
    </Button>
  );
}
