import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const HAPROXY = "/usr/sbin/haproxy";

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
 * HAProxy in front of the instances: round robin, each instance checked on `/health/ready` every
 * second (a dead or draining one leaves the rotation), a refused connection retried on another
 * instance (safe for any method: nothing reached the server), event streams held open.
 */
export async function startProxy(options: {
  dir: string;
  port: number;
  backends: number[];
}): Promise<() => Promise<void>> {
  const config = [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout tunnel 1h",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response",
    "frontend atelier",
    `  bind 127.0.0.1:${options.port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk GET /health/ready",
    "  option forwardfor",
    "  http-reuse safe",
    ...options.backends.map(
      (port, index) => `  server i${index + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 2 maxconn 256`,
    ),
    "",
  ].join("\n");
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
