import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "./query-client.ts";

/**
 * The app's one query client. A module of its own, loaded by the first screen that needs React
 * Query (app/queries-gate.tsx) or by a sign-in that starts a session (features/auth).
 */
export const queryClient = createQueryClient();

export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
