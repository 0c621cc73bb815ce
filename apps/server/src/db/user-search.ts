import { type SQL, sql } from "drizzle-orm";
import { userSearchText, users } from "./schema/index.ts";

/** At most 8 words: each one is an index condition, and more say nothing a person types. */
const MAX_WORDS = 8;

const escapeLike = (word: string) => word.replace(/[%_\\]/g, (c) => `\\${c}`);

/**
 * The account search (docs/decisions/029-account-search.md): every word must appear, in any order
 * and any case, in "name surname email" — one ILIKE per word on the expression that
 * users_search_trgm_idx indexes. No words, no conditions.
 */
export function userSearchConditions(search: string | undefined): SQL[] {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  return words.map((word) => sql`${userSearchText(users)} ilike ${`%${escapeLike(word)}%`}`);
}
