import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_MEDIA_DIR } from "./testing/test-database";

/** Starts `server/main.ts` as a real process and collects its output until it exits or `untilOutput` shows. */
function runServer(env: Record<string, string>, untilOutput?: RegExp) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return {
    child,
    done: new Promise<{ code: number | null; output: string }>((resolve) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (untilOutput?.test(output)) resolve({ code: null, output });
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.on("exit", (code) => resolve({ code, output }));
    }),
  };
}

describe("server process", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-main-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses an invalid setting with a message naming it, not a stack trace", async () => {
    const { code, output } = await runServer({ PORT: "not-a-port", DATA_DIR: dataDir }).done;
    expect(code).toBe(1);
    expect(output).toContain("PORT");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("says so when the port is taken", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const { code, output } = await runServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir }).done;
    blocker.close();
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} is already in use`);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("serves requests once ready, logs one JSON line per request and stops cleanly on SIGTERM", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const server = runServer(
      { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, MEDIA_DIR: TEST_MEDIA_DIR },
      /Vitrine is ready/,
    );
    await server.done;
    let output = "";
    server.child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.child.on("exit", resolve));
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const lines = output.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", method: "GET", path: "/healthz", status: 200 }));
    expect(lines.at(-1)).toMatchObject({ msg: "stopped" });
  }, 120_000);
});
