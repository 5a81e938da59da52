import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompress } from "./precompress";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("precompress", () => {
  it("writes .gz and .br beside scripts and styles that decompress to the original, and skips other files", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "precompress-"));
    const script = "export const greeting = 'hello';\n".repeat(200);
    await writeFile(path.join(dir, "app-abc.js"), script);
    await writeFile(path.join(dir, "tiny.css"), "a{}");
    await writeFile(path.join(dir, "photo.webp"), Buffer.from([1, 2, 3]));

    const totals = await precompress(dir);
    expect(totals.files).toBe(2);
    expect(gunzipSync(await readFile(path.join(dir, "app-abc.js.gz"))).toString()).toBe(script);
    expect(brotliDecompressSync(await readFile(path.join(dir, "app-abc.js.br"))).toString()).toBe(script);
    expect(totals.gzipBytes).toBeLessThan(totals.bytes);
    // A file compression would grow is left alone, as is anything that is not text.
    await expect(readFile(path.join(dir, "tiny.css.gz"))).rejects.toThrow();
    await expect(readFile(path.join(dir, "photo.webp.gz"))).rejects.toThrow();
  });
});
