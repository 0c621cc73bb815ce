import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * The one door for requests to addresses that users name (webhooks; DESIGN §11 "outgoing requests
 * go through one SSRF-safe client"). Only public unicast addresses are reached, checked twice:
 * when the URL is saved (every address its name resolves to), and when connecting, by the socket's
 * own `lookup`, so a name that resolves elsewhere later (DNS rebinding) cannot pass. Redirects are
 * never followed, each request has a deadline and the answer's body is read up to a cap.
 */

/** A URL refused because of where it points (or because its name does not resolve). */
export class RefusedAddressError extends Error {
  constructor(
    readonly reason: "private" | "unresolvable",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether `address` is an ordinary public one: ipaddr.js names every special range (loopback,
 * private, link-local with the cloud metadata address 169.254.169.254, carrier-grade NAT, unique
 * local, multicast, reserved, 6to4/Teredo/NAT64 wrappers…) and only `unicast` is left. An IPv4
 * address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** The URL's host as an address or a name (an IPv6 literal without its brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Every address a name resolves to (an address itself when it is one). */
function resolveAll(host: string): Promise<LookupAddress[]> {
  if (isIP(host)) return Promise.resolve([{ address: host, family: isIP(host) }]);
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** Refuses (RefusedAddressError) a URL whose host is, or resolves to, any address that is not public. */
export async function ensurePublicUrl(rawUrl: string, options: { allowPrivate: boolean }): Promise<void> {
  const host = hostOf(new URL(rawUrl));
  const addresses = await resolveAll(host).catch(() => {
    throw new RefusedAddressError("unresolvable", `${host} could not be resolved`);
  });
  if (addresses.length === 0) throw new RefusedAddressError("unresolvable", `${host} could not be resolved`);
  if (options.allowPrivate) return;
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) throw new RefusedAddressError("private", `${host} resolves to ${refused.address}`);
}

/** The socket's name lookup: resolves as usual, then refuses the connection when any answer is not public. */
function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        const failure = new RefusedAddressError("private", `${hostname} resolves to ${refused?.address ?? "nothing"}`);
        return callback(failure, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

export interface OutgoingPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** the answer's body is read up to this many bytes, then the connection is dropped */
  maxAnswerBytes: number;
  allowPrivate: boolean;
}

export interface OutgoingOutcome {
  /** the answer's status; null when there was none (refused address, connection error, deadline) */
  statusCode: number | null;
  durationMs: number;
  /** why it failed in words; null for a 2xx answer */
  error: string | null;
}

/** POSTs `body` to a user's URL through the checks above. Never throws: the outcome says what happened. */
export async function postToUserUrl(request: OutgoingPost): Promise<OutgoingOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const host = hostOf(url);
  // A literal address skips the lookup below, so it is judged here.
  if (isIP(host) && !request.allowPrivate && !isPublicAddress(host)) {
    return { statusCode: null, durationMs: elapsed(), error: `Refused: ${host} is not a public address` };
  }
  try {
    const answer = await send(url, request);
    const statusCode = answer.statusCode ?? null;
    await readCapped(answer, request.maxAnswerBytes);
    return { statusCode, durationMs: elapsed(), error: failureOf(statusCode) };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: describe(error, request.timeoutMs) };
  }
}

function send(url: URL, request: OutgoingPost): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method: "POST",
      headers: { ...request.headers, "content-length": Buffer.byteLength(request.body).toString() },
      // No shared agent: each request connects afresh, so each connection runs the lookup's check.
      agent: false,
      lookup: publicOnlyLookup(request.allowPrivate),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    outgoing.on("response", resolve);
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/** Reads (and drops) the answer's body up to `max` bytes; a longer one is cut off. */
function readCapped(answer: IncomingMessage, max: number): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    answer.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > max) {
        answer.destroy();
        resolve();
      }
    });
    answer.on("end", resolve);
    answer.on("error", () => resolve());
    answer.on("close", resolve);
  });
}

function failureOf(statusCode: number | null): string | null {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return null;
  if (statusCode !== null && statusCode >= 300 && statusCode < 400) return `Redirect (${statusCode}) not followed`;
  return `The receiver answered ${statusCode}`;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof RefusedAddressError) return `Refused: ${error.message}`;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return `No answer within ${timeoutMs / 1000} s`;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? `Connection failed (${code})` : "Connection failed";
}
