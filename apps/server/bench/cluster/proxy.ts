import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const HAPROXY = "/usr/sbin/haproxy";
const root = path.resolve(import.meta.dirname, "../../../..");

/** Debian's HAProxy, installed when missing (as root), as a deployment's load balancer would be. */
export function ensureHaproxy(): void {
  if (existsSync(HAPROXY)) return;
  if (process.getuid?.() !== 0) throw new Error(`HAProxy is missing at ${HAPROXY}: install Debian's haproxy package.`);
  console.log("Installing Debian's haproxy package for the cluster bench…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy", {
    stdio: "inherit",
  });
}

/**
 * HAProxy with the deployment's own configuration (deploy/haproxy.cfg, as compose runs it), for
 * local ports instead of Docker's service names and DNS: health checks on `/health/ready`, a
 * request retried on another instance when its connection was refused, streams held open.
 */
export async function startProxy(options: {
  dir: string;
  port: number;
  backends: number[];
}): Promise<() => Promise<void>> {
  const deployed = await readFile(path.join(root, "deploy/haproxy.cfg"), "utf8");
  const servers = options.backends.map((port, index) => `    server app${index + 1} 127.0.0.1:${port}`).join("\n");
  const config = deployed
    .replace(/\nresolvers docker\n(?: {4}.*\n)+/, "\n")
    .replace(" resolvers docker init-addr last,libc,none", "")
    .replace(/bind :\d+/, `bind 127.0.0.1:${options.port}`)
    .replace(/(?: {4}server app\d+ app\d+:\d+\n?)+/, `${servers}\n`);
  if (!config.includes(`127.0.0.1:${options.backends[0]}`))
    throw new Error("deploy/haproxy.cfg no longer has the expected server lines");
  const file = path.join(options.dir, `haproxy-${options.port}.cfg`);
  await writeFile(file, config);
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", "ignore", "inherit"] });
  await waitListening(options.port, child);
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    await exited;
  };
}

async function waitListening(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/live`);
      if (response.status === 200) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error("haproxy did not answer within 10 s");
}
