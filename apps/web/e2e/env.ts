import { tmpdir } from "node:os";
import path from "node:path";

/** One fresh data folder per run: the server's embedded database, files and outbox live there. */
const port = Number(process.env.E2E_PORT ?? 3210);
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  /**
   * the server's own listener for replies by e-mail: the Stripe stand-in takes port + 1 and
   * strict-settings.e2e.ts's own server port + 2
   */
  inboundSmtpPort: port + 3,
  inboundDomain: "reply.atelier.test",
  dataDir: process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `atelier-e2e-${port}`),
  demoPassword: "demo-password-e2e",
  reportFile: process.env.E2E_REPORT ?? path.join(tmpdir(), `atelier-e2e-${port}-report.json`),
};
