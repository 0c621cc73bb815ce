import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import type { ClientsMessage } from "./realtime-clients.ts";
import type { InstanceMessage, InstanceRequest } from "./realtime-instance.ts";

export interface Instance {
  url: string;
  /** RSS and V8 heap in use after a full GC, in bytes */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  close(): Promise<void>;
}

/**
 * Starts realtime-instance.ts as a child process over `databaseUrl`. Child processes, not two
 * buildApp()s in this process: each instance then has its own event loop and heap, as on two
 * machines, so the instance that posts does not delay the one that delivers, and the memory of
 * the instance holding the streams is its own (in one process the seed, the other instance and
 * the poster would move the figure).
 */
export async function startInstance(options: {
  databaseUrl: string;
  secretsKey: string;
  dir: string;
}): Promise<Instance> {
  const file = fileURLToPath(new URL("./realtime-instance.ts", import.meta.url));
  const child = fork(file, [], {
    execArgv: ["--import", "tsx", "--expose-gc", ...profiling()],
    env: { ...process.env, DATABASE_URL: options.databaseUrl, SECRETS_KEY: options.secretsKey, DATA_DIR: options.dir },
    cwd: path.dirname(file),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { url } = await nextMessage(child, "listening");
  return {
    url,
    async memory() {
      const answer = nextMessage(child, "memory");
      child.send({ kind: "memory" } satisfies InstanceRequest);
      return answer;
    },
    async close() {
      // A child that died (its failure is what is being reported) has nothing left to close.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      if (child.connected) child.send({ kind: "close" } satisfies InstanceRequest);
      await exited;
    },
  };
}

/** BENCH_REALTIME_PROFILE=<folder>: each instance writes a V8 CPU profile there when it exits. */
function profiling(): string[] {
  const folder = process.env.BENCH_REALTIME_PROFILE;
  return folder ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(folder)}`] : [];
}

function nextMessage<K extends InstanceMessage["kind"]>(
  child: ChildProcess,
  kind: K,
): Promise<Extract<InstanceMessage, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: InstanceMessage) => {
      if (message.kind !== kind) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message as Extract<InstanceMessage, { kind: K }>);
    };
    const onExit = (code: number | null) => reject(new Error(`bench instance exited with code ${code}`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/** The next message of this kind from the stream-holding worker thread (realtime-clients.ts). */
export function fromClients<K extends ClientsMessage["kind"]>(
  worker: Worker,
  kind: K,
): Promise<Extract<ClientsMessage, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ClientsMessage) => {
      if (message.kind !== kind) return;
      worker.off("message", onMessage);
      worker.off("error", reject);
      resolve(message as Extract<ClientsMessage, { kind: K }>);
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
}
