import { contract } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { rawBodyRoute } from "../../core/raw-body-route.ts";
import { presentAccepted } from "./presenter.ts";
import { type InboundSmtpListener, startInboundSmtp } from "./service/smtp-listener.ts";
import { receiveWebhookReply } from "./service/webhook.ts";

/** Room for a provider's envelope around the capped message: the service refuses (and logs) past the cap. */
const BODY_SLACK_BYTES = 64 * 1024;

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Both doors for replies by e-mail: the provider's webhook, and the SMTP listener, which starts
 * when the app is ready and closes with it (the graceful shutdown closes the app), only when
 * INBOUND_SMTP_PORT is set.
 */
export function registerInboundMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  rawBodyRoute(
    app,
    ctx,
    contract.inboundMail.receive,
    async ({ rawBody, request }) =>
      presentAccepted(
        await receiveWebhookReply(ctx, {
          rawBody,
          timestamp: headerOf(request, "x-atelier-timestamp"),
          signature: headerOf(request, "x-atelier-signature"),
        }),
      ),
    { bodyLimit: ctx.config.inbound.maxBytes + BODY_SLACK_BYTES },
  );
  if (ctx.config.inbound.smtpPort === undefined || !ctx.config.inbound.domain) return;
  let listener: InboundSmtpListener | undefined;
  app.addHook("onReady", async () => {
    listener = await startInboundSmtp(ctx);
  });
  app.addHook("onClose", async () => {
    await listener?.close();
  });
}
