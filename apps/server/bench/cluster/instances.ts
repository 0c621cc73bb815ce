import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = path.resolve(import.meta.dirname, "../../../..");
const READY_TIMEOUT_MS = 60_000;
const TICK_MS = 10; // Linux's USER_HZ

/**
 * One server instance of the cluster bench, started by the command the container image runs
 * (`node scripts/start.mjs --no-install`, deploy/Dockerfile) on a fixed port, so the proxy finds
 * it again after a restart. It runs in a process group of its own: `kill -9` reaches the server
 * under start.mjs too, as a machine dying would.
 */
export class ServerInstance {
  private child: ChildProcess | null = null;
  /** CPU of the processes this instance ran before its current one (a killed one's included) */
  private spentMs = 0;
  /** CPU each start took until the instance was ready (migrations, loading): not serving */
  private startupMs = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly dataDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs"), "--no-install"], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        LOG_LEVEL: process.env.BENCH_INSTANCE_LOG ?? "warn",
        // The AWS SDK's notice about future Node versions, once per instance start, is noise here.
        NODE_NO_WARNINGS: "1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.child = child;
    const before = this.cpuMs();
    await this.waitReady(child);
    this.startupMs += this.cpuMs() - before;
  }

  /** CPU time spent serving, in ms: every process's, less what each start took until ready. */
  servingCpuMs(): number {
    return this.cpuMs() - this.startupMs;
  }

  /** `kill -9`: no shutdown, no goodbye to its streams, its jobs left active. */
  kill(): void {
    if (!this.child?.pid) return;
    this.spentMs = this.cpuMs();
    process.kill(-this.child.pid, "SIGKILL");
    this.child = null;
  }

  /** SIGTERM, then waits for the exit (the graceful path). */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    this.spentMs = this.cpuMs();
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    const code = await exited;
    this.child = null;
    return code;
  }

  /** CPU time of every process this instance has run (start.mjs and the server under it), in ms. */
  cpuMs(): number {
    const pid = this.child?.pid;
    return pid ? this.spentMs + treeTicks(pid) * TICK_MS : this.spentMs;
  }

  private async waitReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`instance ${this.name} exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`${this.url}/health/ready`);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`instance ${this.name} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
  }
}

/** utime + stime of a process and its descendants, in clock ticks (0 once it is gone). */
function treeTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return Number(fields[11]) + Number(fields[12]) + children.reduce((sum, child) => sum + treeTicks(Number(child)), 0);
  } catch {
    return 0;
  }
}
