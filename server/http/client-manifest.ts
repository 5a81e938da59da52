import { readFileSync } from "node:fs";
import path from "node:path";

export interface ManifestChunk {
  file: string;
  /** The chunk's name: its first module's file name, or a `codeSplitting` group's name. */
  name?: string;
  imports?: string[];
}

/** The client build's Vite manifest (`build.manifest` in vite.config.ts): source module → chunk. */
const MANIFEST_FILE = path.resolve("build/client/.vite/manifest.json");

let manifest: Record<string, ManifestChunk> | null | undefined;

function readManifest(): Record<string, ManifestChunk> | null {
  if (manifest === undefined) {
    try {
      manifest = JSON.parse(readFileSync(MANIFEST_FILE, "utf8")) as Record<string, ManifestChunk>;
    } catch {
      // Development and tests have no client build: Vite serves the modules itself.
      manifest = null;
    }
  }
  return manifest;
}

/**
 * The URLs of the named JavaScript chunks with everything they import statically: for
 * `<link rel="modulepreload">`, so the browser fetches a lazily imported view with the page instead of
 * after the route's module has run. Chunks are named, not found by source module: a module that is also
 * imported statically elsewhere is not a manifest entry of its own. Empty without a client build.
 */
export function chunkPreloads(names: readonly string[]): string[] {
  const chunks = readManifest();
  return chunks ? chunkPreloadsIn(chunks, names) : [];
}

export function chunkPreloadsIn(chunks: Readonly<Record<string, ManifestChunk>>, names: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(chunks)) {
    if (chunk.name && names.includes(chunk.name) && chunk.file.endsWith(".js")) visit(key);
  }
  return [...files].map((file) => `/${file}`);
}
