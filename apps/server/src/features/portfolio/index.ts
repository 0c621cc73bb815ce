/** The portfolio feature's public face. */
export { portfolioPersonalData } from "./personal-data.ts";
