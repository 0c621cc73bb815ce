/** Lowercase hex SHA-256 of the UTF-8 text: what every password field sends (SPEC §5). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Hashes a password, keeping an empty field empty (so "not given" stays undefined). */
export async function hashPasswordOrUndefined(password: string): Promise<string | undefined> {
  return password ? sha256Hex(password) : undefined;
}
