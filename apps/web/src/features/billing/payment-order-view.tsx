import { formatUsd, type PaymentOrder } from "@atelier/shared";
import { Group, Image, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatDateTime, orderAmount } from "./plan-format.ts";

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}

/** Step 3: what to pay, where, the reference and the QR code (EPC QR or BIP21). */
export function PaymentOrderView({ order }: { order: PaymentOrder }) {
  const what =
    order.kind === "TOP_UP" ? `${order.hours ?? 0} extra hours` : `Plan ${order.paymentPlan?.replace(/_/g, " ") ?? ""}`;
  const rateLabel =
    order.rate.currency === "BTC" ? `1 BTC = $${order.rate.usdPerUnit}` : `€1 = $${order.rate.usdPerUnit}`;
  return (
    <Stack gap="md" aria-label="Payment order">
      <Text>
        {order.method === "BANK_TRANSFER"
          ? "Transfer the amount below with the reference, or scan the code with your banking app."
          : "Send the amount below to the address, or scan the code with your wallet."}{" "}
        The plan changes once an admin confirms the payment.
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper withBorder p="xs" radius="md">
          <Image
            src={order.qrImage}
            w={200}
            h={200}
            alt={order.method === "BANK_TRANSFER" ? "QR code for the bank transfer" : "QR code for the bitcoin payment"}
          />
        </Paper>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1, minWidth: 240 }}>
          <Row label="Reference" value={order.reference} />
          <Row label="Amount" value={orderAmount(order)} />
          <Row label="Price" value={`${formatUsd(order.amountCents)} · ${what}`} />
          <Row label="Rate" value={`${rateLabel}, set ${formatDateTime(order.rate.setAt)}`} />
          {order.bank ? (
            <>
              <Row label="Beneficiary" value={order.bank.beneficiary} />
              <Row label="IBAN" value={order.bank.iban} />
              {order.bank.bic ? <Row label="BIC" value={order.bank.bic} /> : null}
            </>
          ) : null}
          {order.btcAddress ? <Row label="Bitcoin address" value={order.btcAddress} /> : null}
        </SimpleGrid>
      </Group>
    </Stack>
  );
}
