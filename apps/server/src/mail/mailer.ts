import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links the mail carries; logged in outbox mode so a developer can follow them. */
  links?: string[];
  /** where a reply goes (a reply address for the thread the mail is about, decision 056) */
  replyTo?: string;
  /** set by the mail job: the same on every try of one mail, so a repeat is recognisable */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when a URL is set; otherwise each mail is written to the outbox folder as JSON. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
        });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      await writeFile(file, JSON.stringify({ from: options.from, ...mail, sentAt: Date.now() }, null, 2));
      options.log.info({ to: mail.to, subject: mail.subject, links: mail.links }, "mail written to outbox");
    },
  };
}
