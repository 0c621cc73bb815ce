/** The integrations feature's public face: its part in "export my data" and "remove my information". */
export { integrationsPersonalData } from "./personal-data.ts";
