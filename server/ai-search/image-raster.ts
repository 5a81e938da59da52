import sharp from "sharp";
import { RASTER_SIDE, type Raster } from "./image-features";

/** A picture sharp cannot read: not an image, cut short, or empty. */
export class UnreadableImage extends Error {
  constructor(cause: unknown) {
    super("The picture could not be read.", { cause });
    this.name = "UnreadableImage";
  }
}

/** Pictures larger than this many pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A picture (file path or bytes) turned upright by its EXIF orientation, laid on white (transparent PNGs),
 * and reduced to the RASTER_SIDE square its features are taken from. Only pixels come out: no metadata
 * is kept, nothing is written anywhere. sharp reads JPEGs shrunk while decoding, so this is cheap.
 */
export async function normalisedRaster(input: Buffer | string): Promise<Raster> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(RASTER_SIDE, RASTER_SIDE, { fit: "fill" })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
    return { width: info.width, height: info.height, rgb, grey: greyOf(rgb) };
  } catch (error) {
    throw new UnreadableImage(error);
  }
}

/** BT.601 luma, the weights libvips' greyscale uses. */
function greyOf(rgb: Uint8Array): Uint8Array {
  const grey = new Uint8Array(rgb.length / 3);
  for (let p = 0, i = 0; p < grey.length; p++, i += 3) grey[p] = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
  return grey;
}

/** The largest side a photo is read at for barcodes: enough for a label, bounded work. */
const BARCODE_MAX_SIDE = 1600;

/** The photo upright in RGBA, at most BARCODE_MAX_SIDE a side, for the barcode reader. */
export async function barcodeRaster(input: Buffer): Promise<{ data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .resize(BARCODE_MAX_SIDE, BARCODE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8ClampedArray(data.buffer as ArrayBuffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadableImage(error);
  }
}

/** The side a photo is sent to a vision model at: enough to see what it shows, a few kilobytes. */
const VISION_MAX_SIDE = 512;

/** The photo upright, on white, at most VISION_MAX_SIDE a side, as a small JPEG without metadata (for a vision model). */
export async function visionJpeg(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(VISION_MAX_SIDE, VISION_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImage(error);
  }
}
