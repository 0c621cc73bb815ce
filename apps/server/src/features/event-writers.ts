import type { EventWriter } from "../core/transaction.ts";
import { notificationWriter } from "./notifications/service/derive.ts";
import type { DigestDeps } from "./notifications/service/digest.ts";

/**
 * What features write in a unit of work because of its events, after the events themselves and
 * in the same transaction. Adding one is a line here.
 */
export function featureEventWriters(deps: DigestDeps): EventWriter[] {
  return [notificationWriter(deps)];
}
