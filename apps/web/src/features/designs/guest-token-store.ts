import { sha256Hex } from "../../lib/sha256.ts";

/**
 * A guest's token on this device, one per link (issue 23: name and e-mail given once, remembered
 * on that device). Kept under the link's hash, never the link itself.
 */
const keyOf = async (link: string) => `atelier.guest.${(await sha256Hex(link)).slice(0, 32)}`;

export async function readGuestToken(link: string): Promise<string | null> {
  try {
    return window.localStorage.getItem(await keyOf(link));
  } catch {
    return null;
  }
}

export async function saveGuestToken(link: string, token: string): Promise<void> {
  try {
    window.localStorage.setItem(await keyOf(link), token);
  } catch {
    // Private browsing without storage: the guest gives their name again next time.
  }
}

export async function forgetGuestToken(link: string): Promise<void> {
  try {
    window.localStorage.removeItem(await keyOf(link));
  } catch {
    // nothing stored
  }
}
