import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpStandIn {
  url: string;
  /** messages accepted so far, as raw RFC 5322 text */
  received: string[];
  /** how many of the next messages to refuse with a temporary error */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A mail server on loopback standing in for the real one at its network edge: it speaks SMTP to
 * nodemailer, and can refuse messages the way a busy or failing server does (451).
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: string[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error("Temporary failure, try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
