import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { get, getText } from "./http";

const HEALTH_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 12_000;

export interface Page {
  name: string;
  path: string;
}

/** Runs `npm run build` (the client, the server and the precompressed assets) when build/ is missing (or when forced). */
export async function ensureBuild(force: boolean): Promise<void> {
  if (!force && existsSync("build/server/index.js") && existsSync("build/client")) return;
  console.log("Building (npm run build)…");
  const child = spawn("npm", ["run", "build"], { stdio: "inherit" });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`npm run build exited with ${code}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When the server build was written: it changes when someone rebuilds. */
const buildStamp = () => (existsSync("build/server/index.js") ? statSync("build/server/index.js").mtimeMs : 0);

/**
 * Copies build/ into `<runDir>/build`, so that a rebuild by someone else during the run (which empties
 * build/) cannot pull the assets from under the server. Retries while a build is being written.
 */
async function snapshotBuild(runDir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const before = buildStamp();
    rmSync(runDir, { recursive: true, force: true });
    cpSync("build", path.join(runDir, "build"), { recursive: true });
    if (before !== 0 && before === buildStamp()) return;
    if (attempt === 5) throw new Error("build/ kept changing while it was copied");
    await sleep(5_000);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export class BenchServer {
  private output: string[] = [];

  private constructor(
    readonly origin: string,
    /** The client build the server serves (a snapshot of build/client). */
    readonly clientDir: string,
    private readonly child: ChildProcess,
  ) {
    // Drain the server's output, keeping the tail for error messages.
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      this.output = this.output.slice(-30);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }

  /**
   * Starts the production server (`node`, so the PID is the server's) and waits for /healthz. It runs in
   * `<dataDir>/run`, on a snapshot of build/ (the server finds its build relative to its working folder).
   */
  static async start(dataDir: string, extraEnv: Record<string, string> = {}): Promise<BenchServer> {
    const runDir = path.resolve(dataDir, "run");
    await snapshotBuild(runDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/main.ts")], {
      cwd: runDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: path.resolve(dataDir),
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: origin,
        // One log line per request would be measured too; keep warnings and errors.
        LOG_LEVEL: "warn",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = new BenchServer(origin, path.join(runDir, "build/client"), child);
    try {
      await server.waitForHealth();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private async waitForHealth(): Promise<void> {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`The server exited with ${this.child.exitCode}:\n${this.tail()}`);
      const status = await get(`${this.origin}/healthz`).then((r) => r.status, () => 0);
      if (status === 200) return;
      await sleep(500);
    }
    throw new Error(`The server was not healthy after ${HEALTH_TIMEOUT_MS / 1000} s:\n${this.tail()}`);
  }

  tail(): string {
    return this.output.join("\n");
  }

  /** Runs `work` against this server; a failure prints the server's last output; the server always stops. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const tail = this.tail();
      if (tail) console.error(`Last server output:\n${tail}`);
      throw error;
    } finally {
      await this.stop();
    }
  }

  /** SIGTERM, then SIGKILL if it has not stopped in time. Safe to call twice. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

/** Home, one category (a two-level one, `/fashion/footwear/` if present) and one product, from the sitemap. */
export async function pickPages(origin: string): Promise<Page[]> {
  const xml = await getText(`${origin}/sitemap.xml`);
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
  const categories = paths.filter((p) => p !== "/" && p.endsWith("/"));
  const category =
    categories.find((p) => p === "/fashion/footwear/") ?? categories.find((p) => p.split("/").length === 4) ?? categories[0];
  // The demo's richest product page: gallery, colour variants, a 3D model, reviews and cross-selling.
  const products = paths.filter((p) => !p.endsWith("/"));
  const product = products.find((p) => p.startsWith("/knit-running-shoe/")) ?? products[0];
  if (!category || !product) throw new Error("The sitemap lists no category or no product page.");
  return [
    { name: "home", path: "/" },
    { name: "search", path: "/search?search=shirt" },
    { name: "category", path: category },
    { name: "product", path: product },
  ];
}
