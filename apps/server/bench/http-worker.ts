import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { type HttpLoadRequest, runLoad } from "./load.ts";

/**
 * Worker thread body (see runHttpLoad): GETs one URL under load over keep-alive connections.
 *
 * The client shares the machine's cores with the server it measures (the bare SQL side has no
 * client at all), so it does as little as a load generator such as wrk does: the request's bytes
 * are built once, and an answer is read only as far as its status, its length and its end.
 * Node's http.Agent spent about half a millisecond of CPU per call here, a sixth of a dashboard
 * call's whole budget (docs/decisions/054-api-bench.md).
 */
const request = workerData as HttpLoadRequest;
const target = new URL(request.url);
const requestBytes = Buffer.from(
  [
    `GET ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n"),
  "latin1",
);
const HEADER_END = Buffer.from("\r\n\r\n");
const ERROR_TEXT_MAX = 200;

/** The answer being read: its head until it is complete, then how much of its body is still to come. */
interface Reading {
  head: Buffer;
  status: number;
  bodyLeft: number;
  /** the start of the body of an answer other than 200, for the error */
  errorText: string;
}

/** One keep-alive connection, asking one request at a time. */
class Connection {
  private readonly socket: net.Socket;
  private reading: Reading = freshReading();
  private pending: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor() {
    this.socket = net.connect(Number(target.port), target.hostname);
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", (error) => this.fail(error));
    this.socket.on("close", () => this.fail(new Error("connection closed by the server")));
  }

  get(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(requestBytes);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  // Bodies are counted, not kept: the server's answers are what is measured, not this client.
  private read(chunk: Buffer): void {
    const reading = this.reading;
    let body = chunk;
    if (reading.status === 0) {
      const head = reading.head.length === 0 ? chunk : Buffer.concat([reading.head, chunk]);
      const headerEnd = head.indexOf(HEADER_END);
      if (headerEnd < 0) {
        reading.head = head;
        return;
      }
      const text = head.toString("latin1", 0, headerEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(text);
      if (!length) {
        this.fail(new Error(`an answer without a Content-Length: ${text.slice(0, 200)}`));
        return;
      }
      reading.status = Number(text.slice(9, 12));
      reading.bodyLeft = Number(length[1]);
      body = head.subarray(headerEnd + HEADER_END.length);
    }
    if (reading.status !== 200 && reading.errorText.length < ERROR_TEXT_MAX) {
      reading.errorText += body.toString("utf8", 0, Math.min(body.length, reading.bodyLeft));
    }
    reading.bodyLeft -= body.length;
    if (reading.bodyLeft > 0) return;
    this.reading = freshReading();
    const pending = this.pending;
    this.pending = null;
    if (reading.status === 200) pending?.resolve();
    else pending?.reject(new Error(`HTTP ${reading.status}: ${reading.errorText.slice(0, ERROR_TEXT_MAX)}`));
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }
}

function freshReading(): Reading {
  return { head: Buffer.alloc(0), status: 0, bodyLeft: 0, errorText: "" };
}

const idle: Connection[] = [];
const opened = new Set<Connection>();

async function get(): Promise<void> {
  const connection = idle.pop() ?? new Connection();
  opened.add(connection);
  try {
    await connection.get();
    idle.push(connection);
  } catch (error) {
    // A connection that failed is not reused; the next call opens a fresh one.
    connection.close();
    opened.delete(connection);
    throw error;
  }
}

const stats = await runLoad(request, get);
for (const connection of opened) connection.close();
parentPort?.postMessage(stats);
