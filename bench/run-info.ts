import { execFileSync } from "node:child_process";
import os from "node:os";
import type { RunInfo } from "./report";

function shell(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

/** When, on what machine and at which commit a benchmark ran, for its section of docs/benchmarks.md. */
export function runInfo(command: string): RunInfo {
  const commit = shell("git", ["rev-parse", "--short", "HEAD"]) || "unknown";
  // Untracked files (a symlinked node_modules in a worktree) do not change what ran.
  const dirty = shell("git", ["status", "--porcelain", "--untracked-files=no"]) ? " with uncommitted changes" : "";
  const cpus = shell("nproc", []) || String(os.availableParallelism());
  return {
    date: new Date(),
    command,
    machine: `nproc ${cpus} (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(2)} at start`,
    commit: commit + dirty,
  };
}
