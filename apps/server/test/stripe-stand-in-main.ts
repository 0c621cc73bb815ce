import { startStripeStandIn } from "./stripe-stand-in.ts";

// The Stripe stand-in as its own process, for the browser tests' server (scripts/e2e-server.mjs
// starts it when E2E_STRIPE=1): Checkout's page pays and sends the signed webhooks to the app.
const port = Number(process.env.STRIPE_STAND_IN_PORT);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL;
if (!port || !webhookUrl || !process.env.STRIPE_SECRET_KEY || !process.env.STRIPE_WEBHOOK_SECRET) {
  throw new Error("STRIPE_STAND_IN_PORT, STRIPE_WEBHOOK_URL, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required");
}
const standIn = await startStripeStandIn({
  port,
  webhookUrl,
  secretKey: process.env.STRIPE_SECRET_KEY,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
});
process.stdout.write(`Stripe stand-in listening on ${standIn.apiBase}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void standIn.close().finally(() => process.exit(0));
  });
}
