import { z } from "zod";

/** The unread count the header badge shows (also what "seen" answers). */
export const unreadCountSchema = z.object({ count: z.number().int() });
