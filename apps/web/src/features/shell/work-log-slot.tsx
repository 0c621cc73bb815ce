import type { User } from "@atelier/shared";

/**
 * Below the user block SPEC §2 puts the work-log summary (start month of the current period and
 * its hours, with a tooltip of periods). It arrives with the work log; until then it shows nothing.
 */
export function WorkLogSlot(_props: { user: User }) {
  return null;
}
