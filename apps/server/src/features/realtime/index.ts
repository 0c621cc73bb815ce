/**
 * The realtime feature's public face. Features write events; the composition root registers the
 * stream's routes (module.ts), which read them. Webhooks (integrations) show an event to their
 * subscriber with the same redaction as the stream.
 */
export { payloadFor } from "./service/audience.ts";
