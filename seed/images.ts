import { mkdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { featuresOf, type ImageFeatures } from "../server/ai-search/image-features";
import { normalisedRaster } from "../server/ai-search/image-raster";
import type { MediaSource } from "../server/catalog/media";
import { renditionHeight, renditionName } from "../kernel/media-renditions";

/** Rendition widths offered to `srcset`; the demo pictures are at most 1200 px wide. */
export const RENDITION_WIDTHS = [320, 640, 960, 1200] as const;

const WEBP_QUALITY = 78;
const JPEG_QUALITY = 80;

export interface ProcessedImage {
  width: number;
  height: number;
  /** Smallest first; per width WebP before JPEG. */
  sources: MediaSource[];
  /** What image search compares photos with (server/ai-search/image-features.ts). */
  features: ImageFeatures;
}

interface Rendition {
  width: number;
  height: number;
  format: MediaSource["format"];
  fileName: string;
}

/**
 * Writes WebP and JPEG renditions of one picture to `mediaDir` and describes them, with the picture's
 * image-search features (a small raster of the same source; about 30 ms a picture).
 * Files that already exist with content are kept, so a repeated import only reads image headers.
 */
export async function processImage(sourceFile: string, mediaDir: string): Promise<ProcessedImage> {
  const { width, height } = await orientedSize(sourceFile);
  const renditions = planRenditions(path.parse(sourceFile).name, width, height);
  await mkdir(mediaDir, { recursive: true });
  for (const rendition of renditions) {
    const target = path.join(mediaDir, rendition.fileName);
    if (await hasContent(target)) continue;
    await writeRendition(sourceFile, rendition, target);
  }
  const features = featuresOf(await normalisedRaster(sourceFile));
  return {
    width,
    height,
    features,
    sources: renditions.map((r) => ({
      width: r.width,
      height: r.height,
      format: r.format,
      url: `/media/${r.fileName}`,
    })),
  };
}

/** Processes many pictures, two at a time: sharp already uses several threads per picture. */
export async function processImages(
  sourceFiles: readonly string[],
  mediaDir: string,
  onProgress?: (done: number, total: number) => void,
  concurrency = 2,
): Promise<Map<string, ProcessedImage>> {
  const results = new Map<string, ProcessedImage>();
  let next = 0;
  const worker = async () => {
    while (next < sourceFiles.length) {
      const file = sourceFiles[next++]!;
      results.set(file, await processImage(file, mediaDir));
      onProgress?.(results.size, sourceFiles.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, sourceFiles.length) }, worker));
  return results;
}

/** The standard widths below the original, plus the original width (capped) as the largest. */
export function renditionWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]!);
  return [...RENDITION_WIDTHS.filter((w) => w < largest), largest];
}

function planRenditions(baseName: string, width: number, height: number): Rendition[] {
  return renditionWidths(width).flatMap((w) => {
    const h = renditionHeight(w, width, height);
    return [
      { width: w, height: h, format: "webp" as const, fileName: renditionName(baseName, w, "webp") },
      { width: w, height: h, format: "jpeg" as const, fileName: renditionName(baseName, w, "jpeg") },
    ];
  });
}

async function orientedSize(sourceFile: string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(sourceFile).metadata();
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

async function hasContent(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** Writes to a temporary name first so an interrupted run never leaves a truncated file that looks finished. */
async function writeRendition(sourceFile: string, rendition: Rendition, target: string): Promise<void> {
  // Both dimensions are given so the file matches the height stored in the database exactly.
  const pipeline = sharp(sourceFile).autoOrient().resize(rendition.width, rendition.height, { fit: "fill" });
  const encoded =
    rendition.format === "webp"
      ? pipeline.webp({ quality: WEBP_QUALITY })
      : pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true, progressive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await encoded.toFile(temporary);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
