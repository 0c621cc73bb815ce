import type { EventWriter } from "../core/transaction.ts";
import { writeNotifications } from "./notifications/service/derive.ts";

/**
 * What features write in a unit of work because of its events, after the events themselves and
 * in the same transaction. Adding one is a line here.
 */
export function featureEventWriters(): EventWriter[] {
  return [writeNotifications];
}
