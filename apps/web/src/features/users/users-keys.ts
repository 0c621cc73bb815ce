import type { Role } from "@atelier/shared";

/** Query keys of the user lists; apart from the hooks so the feature index stays light. */
export const usersKeys = {
  all: ["users"] as const,
  list: (role: Role | undefined, q = "") => ["users", "list", role ?? "all", q] as const,
};
