import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PostgresCluster {
  url: string;
  stop(): void;
}

const isRoot = process.getuid?.() === 0;

function hasCommand(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

/** Whether a throwaway PostgreSQL server can be started here (`initdb` and `pg_ctl` on PATH). */
export function canStartPostgres(): boolean {
  return hasCommand("initdb") && hasCommand("pg_ctl");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: run its tools as the `postgres` user then. */
function run(command: string, args: string[]) {
  const [file, fullArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, fullArgs, { stdio: "pipe" });
}

/**
 * Starts a PostgreSQL cluster on a free port in a temporary folder; `stop()` removes it. `settings` are
 * server parameters beyond the defaults (`{ random_page_cost: "1.1" }`). The tests start one per Vitest
 * run (server/testing/global-setup.ts), the benchmarks one per catalog size.
 */
export async function startPostgresCluster(settings: Record<string, string> = {}): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrine-pg-"));
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  run("pg_ctl", [
    "-D", dataDir, "-l", path.join(dir, "server.log"), "-w",
    "-o", [
      `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`,
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(" "),
    "start",
  ]);
  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
