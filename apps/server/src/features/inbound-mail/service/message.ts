import EmailReplyParser from "email-reply-parser";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";

/** One file that came with a reply (not an image embedded in its HTML, such as a signature's logo). */
export interface InboundAttachment {
  filename: string;
  content: Buffer;
}

/** What a reply by e-mail says, once read: who wrote it, to whom, and the new text alone. */
export interface InboundMessage {
  from: string | null;
  /** every address in To, Cc and Delivered-To (a provider's webhook has no SMTP envelope) */
  recipients: string[];
  messageId: string | null;
  /** an out-of-office answer, a bounce or a mailing list's copy (RFC 3834, `Precedence`) */
  isAutomatic: boolean;
  /** the reply's own text: the quoted message and the signature below it are stripped */
  text: string;
  attachments: InboundAttachment[];
}

/**
 * Reads a raw MIME message with mailparser (HTML-only mail is turned into text there) and strips
 * what a reply quotes and its signature with email-reply-parser ("On … wrote:", `>` lines, `-- `
 * signatures, "Sent from my phone").
 */
export async function readInboundMessage(raw: Buffer): Promise<InboundMessage> {
  const mail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: raw.length,
  });
  return {
    from: addressesOf(mail.from)[0] ?? null,
    recipients: [...addressesOf(mail.to), ...addressesOf(mail.cc), ...deliveredTo(mail)],
    messageId: mail.messageId ?? null,
    isAutomatic: isAutomatic(mail),
    text: new EmailReplyParser().parseReply(mail.text ?? "").trim(),
    attachments: mail.attachments
      .filter((attachment) => !attachment.related && attachment.size > 0)
      .map((attachment) => ({ filename: attachment.filename ?? "attachment", content: attachment.content })),
  };
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.flatMap((entry) => (entry.address ? [entry.address] : [])));
}

function deliveredTo(mail: ParsedMail): string[] {
  return mail.headerLines
    .filter((line) => line.key === "delivered-to" || line.key === "x-original-to")
    .map((line) =>
      line.line
        .slice(line.line.indexOf(":") + 1)
        .trim()
        .replace(/^<|>$/g, ""),
    );
}

function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === "string" ? value.trim().toLowerCase() : "";
  };
  const autoSubmitted = header("auto-submitted");
  return (
    (autoSubmitted !== "" && autoSubmitted !== "no") ||
    ["bulk", "junk", "list", "auto_reply"].includes(header("precedence")) ||
    mail.headers.has("x-autoreply") ||
    mail.headers.has("x-autorespond") ||
    mail.headers.has("list-id")
  );
}
