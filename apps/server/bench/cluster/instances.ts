import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = path.resolve(import.meta.dirname, "../../../..");
const READY_TIMEOUT_MS = 60_000;
const TICK_MS = 10; // Linux's USER_HZ

/**
 * One server instance of the cluster bench: the server's own entry point (`apps/server/src/main.ts`,
 * as `npm start` and the Dockerfile run it, without the install and build steps) as a child
 * process on a fixed port, so the proxy finds it again after a restart.
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
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
      cwd: root,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        LOG_LEVEL: process.env.BENCH_INSTANCE_LOG ?? "warn",
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
    this.child.kill("SIGKILL");
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

  /** CPU time of every process this instance has run, in ms. */
  cpuMs(): number {
    const pid = this.child?.pid;
    if (!pid) return this.spentMs;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return this.spentMs + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      return this.spentMs;
    }
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
