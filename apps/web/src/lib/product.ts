/** The product name shown in titles and texts; the server injects nothing, so "Atelier" by default. */
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME?.trim() || "Atelier";

/** document.title for a route: "Atelier - Projects". */
export function formatDocumentTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${PRODUCT_NAME} - ${routeTitle}` : PRODUCT_NAME;
}
