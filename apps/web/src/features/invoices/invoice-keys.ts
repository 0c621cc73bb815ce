/**
 * Query keys of invoices, under their own root: an invoice is issued with every confirmed payment,
 * and the realtime stream's billing changes refresh them (features/realtime/invalidations.ts).
 * Not under billing's root: billing's mutations wait for every billing query they invalidate, and
 * a slower invoice list would hold their callbacks past the screen that made them.
 */
export const invoiceKeys = {
  all: ["invoices"] as const,
  project: (projectId: string) => ["invoices", "project", projectId] as const,
  list: ["invoices", "all"] as const,
  settings: ["invoices", "settings"] as const,
};
