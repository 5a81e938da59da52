import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * After `react-router build`: writes `.gz` (zlib level 9) and `.br` (quality 11) beside every script,
 * style sheet and SVG of `build/client/assets`. The server sends them to browsers that accept them
 * (`serveStatic` with `precompressed`), so the hashed, immutable files are compressed once and as small
 * as zlib gets them, instead of on every request at the middleware's default level (decision 0020).
 */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

export async function precompress(dir: string): Promise<{ files: number; bytes: number; gzipBytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const name of await readdir(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(dir, name);
    const source = await readFile(file);
    const gzip = gzipSync(source, { level: 9 });
    const brotli = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    // A tiny file can grow when compressed: then the original is sent as it is.
    if (gzip.length < source.length) await writeFile(`${file}.gz`, gzip);
    if (brotli.length < source.length) await writeFile(`${file}.br`, brotli);
    totals.files += 1;
    totals.bytes += source.length;
    totals.gzipBytes += Math.min(gzip.length, source.length);
    totals.brotliBytes += Math.min(brotli.length, source.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? "build/client/assets");
  const { files, bytes, gzipBytes, brotliBytes } = await precompress(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompressed ${files} files in ${path.relative(process.cwd(), dir)}: ${kb(bytes)} → gzip ${kb(gzipBytes)}, brotli ${kb(brotliBytes)}`);
}
