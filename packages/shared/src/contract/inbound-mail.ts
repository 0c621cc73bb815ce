import { z } from "zod";
import { idSchema } from "../schemas/common.ts";
import { endpoint } from "./endpoint.ts";

const tag = "inbound mail";

/** Why an inbound reply was refused: logged on the server and named in the refusal's message. */
export const INBOUND_MAIL_MESSAGES = {
  off: "Replies by e-mail are not set up",
  badSignature: "The request's signature does not match",
  staleSignature: "The request's timestamp is outside the accepted window",
  tooLarge: (limit: string) => `The message is larger than ${limit}`,
  unreadable: "The message could not be read",
  noAddress: "The message is not addressed to a reply address",
  badAddress: "The reply address is not valid",
  expiredAddress: "The reply address has expired",
  unknownAddress: "The reply address does not belong to a conversation",
  wrongSender: "The message was not sent from the address the reply address was made for",
  automatic: "Automatic replies are not posted",
  empty: "The reply has no text above the quoted message",
  duplicate: "This message was already received",
  tooMany: "Too many replies to this address; try again later",
} as const;

/**
 * Contract decision (issue 25, part 4; decision 056): a mail provider's inbound webhook hands over
 * the raw MIME message as the body (`message/rfc822`), signed with the shared secret
 * `INBOUND_WEBHOOK_SECRET`: `X-Atelier-Timestamp` (epoch seconds) and `X-Atelier-Signature`
 * (`v1=` hex HMAC-SHA-256 of `<timestamp>.<body>`). The reply lands in the thread its address was
 * made for, as the person it was made for; the answer names the comment written.
 */
export const inboundMailContract = {
  receive: endpoint({
    method: "POST",
    path: "/inbound/email",
    summary: "A reply by e-mail (raw MIME, signed), posted to the thread its reply address names",
    tag,
    auth: false,
    rawBody: true,
    response: z.object({ accepted: z.literal(true), commentId: idSchema }),
    errors: ["UNPROCESSABLE", "RULE_REFUSED", "CONFLICT"],
  }),
};
