import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { INBOUND_MAIL_MESSAGES } from "@atelier/shared";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import type { AppContext } from "../../../core/context.ts";
import { AppError } from "../../../core/errors.ts";
import { readReplyToken, replyTokenOf } from "../../../mail/reply-address.ts";
import { receiveReply } from "./receive.ts";

const M = INBOUND_MAIL_MESSAGES;
/** Connections one instance serves at once; more wait for the sender's retry (421). */
const MAX_CLIENTS = 50;

export interface InboundSmtpListener {
  port: number;
  close(): Promise<void>;
}

/** An SMTP reply with its code: 5xx the sender's server bounces, 4xx it tries again later. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Our refusals are final (5xx) except a limit and our own failure, which the sender retries (4xx). */
function smtpErrorOf(error: unknown): Error {
  if (!(error instanceof AppError)) return smtpError(451, "Temporary failure, try again later");
  if (error.code === "TOO_LARGE") return smtpError(552, error.message);
  if (error.code === "RATE_LIMITED") return smtpError(450, error.message);
  return smtpError(550, error.message);
}

/**
 * The app's own mail listener on INBOUND_SMTP_PORT (decision 056): it takes only reply addresses
 * of INBOUND_DOMAIN whose signature holds and that have not expired, refusing the others at RCPT
 * (so no message for them is ever read), caps the message at INBOUND_MAX_MB (SIZE, then 552), and
 * answers each message once it is posted or refused, so the sender's server bounces a refusal to
 * the person with its reason. STARTTLS is offered when the app has a certificate (TLS_*_FILE).
 */
export async function startInboundSmtp(ctx: AppContext): Promise<InboundSmtpListener> {
  const { domain, maxBytes, smtpPort } = ctx.config.inbound;
  if (!domain || smtpPort === undefined) throw new Error("INBOUND_DOMAIN and INBOUND_SMTP_PORT are required");
  const tls = ctx.config.tls;
  const server = new SMTPServer({
    name: domain,
    banner: `${ctx.config.productName} replies`,
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(tls ? { key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) } : {}),
    size: maxBytes,
    maxClients: MAX_CLIENTS,
    // On shutdown a sender still connected is cut off within half the grace period (it retries
    // elsewhere), so the listener never holds the stop past SHUTDOWN_SECONDS.
    closeTimeout: Math.min(30_000, ctx.config.shutdownSeconds * 500),
    logger: false,
    onMailFrom(address, _session, callback) {
      // A bounce (null sender) is never a reply; answering it could loop.
      if (!address.address) return callback(refusedAt("mailFrom", ctx, M.automatic));
      callback();
    },
    onRcptTo(address, _session, callback) {
      const token = replyTokenOf(address.address, domain);
      if (!token) return callback(refusedAt("rcptTo", ctx, M.noAddress));
      const reading = readReplyToken(ctx.config, token);
      if (!reading.ok) return callback(refusedAt("rcptTo", ctx, M[reading.reason]));
      callback();
    },
    onData(stream, session, callback) {
      readWhole(stream, maxBytes).then(
        (raw) => {
          if (!raw) return callback(smtpError(552, M.tooLarge(`${Math.round(maxBytes / 1024 / 1024)} MB`)));
          const envelopeRecipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          receiveReply(ctx, { raw, via: "smtp", envelopeRecipients }).then(
            () => callback(),
            (error: unknown) => {
              if (!(error instanceof AppError)) ctx.log.error({ err: error }, "inbound reply failed");
              callback(smtpErrorOf(error));
            },
          );
        },
        (error: unknown) => callback(smtpErrorOf(error)),
      );
    },
  });
  server.on("error", (error) => ctx.log.warn({ err: error }, "inbound SMTP connection error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(smtpPort, ctx.config.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  ctx.log.info({ port, domain }, "listening for replies by e-mail over SMTP");
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function refusedAt(stage: "mailFrom" | "rcptTo", ctx: AppContext, reason: string): Error {
  ctx.log.warn({ via: "smtp", stage, reason }, "inbound reply refused");
  return smtpError(550, reason);
}

/** The message's bytes, or null when it went over the cap (the rest is read and dropped). */
function readWhole(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks)));
  });
}
