/*
 * What image search compares (issue 25, docs/decisions/0038): a 64-bit DCT perceptual hash of the
 * picture's brightness and a coarse colour histogram, both taken from a small normalised raster
 * (./image-raster.ts). Pure functions, no sharp: the hashing is cheap enough to take several crops of
 * every catalog picture at import.
 */

/** Side of the square raster every picture is reduced to before its features are taken. */
export const RASTER_SIDE = 128;
/** The DCT's input: a crop is averaged down to this many pixels a side (as in sharp-phash). */
const HASH_SAMPLE = 32;
/** The hash keeps the 8 × 8 lowest frequencies after the constant one: 64 bits. */
const HASH_LOW = 8;
/** Bits in a hash. */
export const HASH_BITS = HASH_LOW * HASH_LOW;
/** Levels per RGB channel in the colour histogram: 4 × 4 × 4 = 64 bins. */
const COLOUR_LEVELS = 4;
export const COLOUR_BINS = COLOUR_LEVELS ** 3;

/** A picture reduced to RASTER_SIDE × RASTER_SIDE (stretched, not cropped), in RGB and in brightness. */
export interface Raster {
  width: number;
  height: number;
  /** 3 bytes a pixel. */
  rgb: Uint8Array;
  /** 1 byte a pixel (ITU-R BT.601 luma, like sharp's greyscale). */
  grey: Uint8Array;
}

/** A rectangle of the picture as fractions of its width and height. */
export interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const WHOLE: Crop = { left: 0, top: 0, width: 1, height: 1 };

/**
 * The crops hashed for every catalog picture: the whole, a tenth and a fifth off each edge, 15 % off the
 * two edges at each corner, and the middle (80 % and 70 %). A shopper's photo that cuts some of the
 * product off then meets a catalog hash taken of about the same part.
 */
export const CATALOG_CROPS: readonly Crop[] = [
  WHOLE,
  ...[0.1, 0.2].flatMap((cut) => [
    { left: cut, top: 0, width: 1 - cut, height: 1 },
    { left: 0, top: 0, width: 1 - cut, height: 1 },
    { left: 0, top: cut, width: 1, height: 1 - cut },
    { left: 0, top: 0, width: 1, height: 1 - cut },
  ]),
  ...[
    [0, 0],
    [0.15, 0],
    [0, 0.15],
    [0.15, 0.15],
  ].map(([left, top]) => ({ left: left!, top: top!, width: 0.85, height: 0.85 })),
  { left: 0.1, top: 0.1, width: 0.8, height: 0.8 },
  { left: 0.15, top: 0.15, width: 0.7, height: 0.7 },
];

/**
 * The crops hashed of a shopper's photo: the whole, and its middle (80 % and 60 %), for a photo with
 * more around the product than the catalog's pictures have.
 */
export const PHOTO_CROPS: readonly Crop[] = [WHOLE, { left: 0.1, top: 0.1, width: 0.8, height: 0.8 }, { left: 0.2, top: 0.2, width: 0.6, height: 0.6 }];

/** The stored features of one picture: hashes as 16 hexadecimal digits (one per crop), the histogram's shares. */
export interface ImageFeatures {
  hashes: string[];
  colours: number[];
}

export function featuresOf(raster: Raster, crops: readonly Crop[] = CATALOG_CROPS): ImageFeatures {
  return { hashes: crops.map((crop) => perceptualHash(raster, crop)), colours: colourHistogram(raster) };
}

// ------------------------------------------------------------------------------------------- hashing

/** cos((2x + 1) u π / 2N) for the 32-point DCT-II, row u. */
const COSINES = Array.from({ length: HASH_SAMPLE }, (_, u) => Float64Array.from({ length: HASH_SAMPLE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SAMPLE))));

/**
 * The pHash of one crop: the crop averaged down to 32 × 32, its 2-D DCT, and one bit per low frequency
 * (rows and columns 1–8): set when the coefficient is above their mean. The bits and their order are
 * sharp-phash's (checked by the unit test), computed separably (N³ instead of N⁴ multiplications).
 */
export function perceptualHash(raster: Pick<Raster, "width" | "height" | "grey">, crop: Crop = WHOLE): string {
  const sample = downsample(raster, crop);
  // sharp-phash indexes its signal as s[x][y] = pixel (x, y) and reads F[x][y]; keep that order.
  const rows = new Float64Array((HASH_LOW + 1) * HASH_SAMPLE); // for u in 0..8: Σx cos(x,u) · s[x][y], per y
  for (let u = 0; u <= HASH_LOW; u++) {
    const cu = COSINES[u]!;
    for (let y = 0; y < HASH_SAMPLE; y++) {
      let sum = 0;
      for (let x = 0; x < HASH_SAMPLE; x++) sum += cu[x]! * sample[y * HASH_SAMPLE + x]!;
      rows[u * HASH_SAMPLE + y] = sum;
    }
  }
  const coefficients = new Float64Array(HASH_BITS);
  for (let u = 1; u <= HASH_LOW; u++) {
    for (let v = 1; v <= HASH_LOW; v++) {
      const cv = COSINES[v]!;
      let sum = 0;
      for (let y = 0; y < HASH_SAMPLE; y++) sum += cv[y]! * rows[u * HASH_SAMPLE + y]!;
      // The DCT's scale factors are equal for every kept coefficient (u, v ≥ 1): the comparison ignores them.
      coefficients[(u - 1) * HASH_LOW + (v - 1)] = sum;
    }
  }
  const mean = coefficients.reduce((total, value) => total + value, 0) / HASH_BITS;
  let hex = "";
  for (let nibble = 0; nibble < HASH_BITS / 4; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) value = (value << 1) | (coefficients[nibble * 4 + bit]! > mean ? 1 : 0);
    hex += value.toString(16);
  }
  return hex;
}

/** The crop of the brightness raster averaged down to HASH_SAMPLE × HASH_SAMPLE (area average). */
function downsample({ width, height, grey }: Pick<Raster, "width" | "height" | "grey">, crop: Crop): Float64Array {
  const left = crop.left * width;
  const top = crop.top * height;
  const stepX = (crop.width * width) / HASH_SAMPLE;
  const stepY = (crop.height * height) / HASH_SAMPLE;
  const out = new Float64Array(HASH_SAMPLE * HASH_SAMPLE);
  for (let j = 0; j < HASH_SAMPLE; j++) {
    const y0 = Math.floor(top + j * stepY);
    const y1 = Math.min(height, Math.max(y0 + 1, Math.floor(top + (j + 1) * stepY)));
    for (let i = 0; i < HASH_SAMPLE; i++) {
      const x0 = Math.floor(left + i * stepX);
      const x1 = Math.min(width, Math.max(x0 + 1, Math.floor(left + (i + 1) * stepX)));
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += grey[y * width + x]!;
      out[j * HASH_SAMPLE + i] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** A hash as two 32-bit halves, for counting differing bits quickly. */
export type PackedHash = readonly [number, number];

export function packHash(hex: string): PackedHash {
  return [Number.parseInt(hex.slice(0, 8), 16) >>> 0, Number.parseInt(hex.slice(8, 16), 16) >>> 0];
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Differing bits of two hashes, 0 (same) to 64. */
export function hammingDistance(a: PackedHash, b: PackedHash): number {
  return bitCount((a[0] ^ b[0]) >>> 0) + bitCount((a[1] ^ b[1]) >>> 0);
}

// -------------------------------------------------------------------------------------------- colour

/** The share of pixels in each of the 64 coarse RGB bins (they add up to 1). */
export function colourHistogram({ rgb }: Pick<Raster, "rgb">): number[] {
  const bins = new Float64Array(COLOUR_BINS);
  const shift = 8 - Math.log2(COLOUR_LEVELS);
  for (let i = 0; i < rgb.length; i += 3) {
    bins[((rgb[i]! >> shift) * COLOUR_LEVELS + (rgb[i + 1]! >> shift)) * COLOUR_LEVELS + (rgb[i + 2]! >> shift)]! += 1;
  }
  const pixels = rgb.length / 3;
  return Array.from(bins, (count) => Math.round((count / pixels) * 1e5) / 1e5);
}

/** 1 − the histograms' intersection: 0 for the same colours, 1 for no colour in common. */
export function colourDistance(a: readonly number[], b: readonly number[]): number {
  let shared = 0;
  for (let i = 0; i < COLOUR_BINS; i++) shared += Math.min(a[i] ?? 0, b[i] ?? 0);
  return Math.max(0, 1 - shared);
}

// ---------------------------------------------------------------------------------------- comparison

/** How much the shape (hash) and the colours count in the combined distance. */
const HASH_WEIGHT = 0.7;
const COLOUR_WEIGHT = 0.3;

/**
 * The largest combined distance still called a match. Measured on the demo catalog (docs/decisions/0038):
 * a product's own photo, resized, cropped by a tenth and re-compressed, was at most about 0.05 from it;
 * generated noise, gradients and plain colours 0.35 or more from every product.
 */
export const MATCH_MAX_DISTANCE = 0.2;
/**
 * Hashes this close (at most 10 of 64 bits differ) are the same picture whatever the colours say: a
 * darker or differently lit photo of it. None of 40 generated pictures (noise, gradients, stripes,
 * checks) came this close to a demo picture (docs/decisions/0038).
 */
export const MATCH_MAX_HASH_BITS = 10;

/** A catalog picture prepared for comparison. */
export interface ComparableImage {
  hashes: readonly PackedHash[];
  colours: readonly number[];
}

/** How far a photo is from a catalog picture. */
export interface ImageDistance {
  /** The fewest differing bits between any of the photo's hashes and any of the picture's. */
  hashBits: number;
  /** 0 (the same picture) to 1: the hash bits as a share of 64, weighted with the colour distance. */
  combined: number;
}

export function imageDistance(photo: ComparableImage, picture: ComparableImage): ImageDistance {
  let fewest = HASH_BITS;
  for (const a of photo.hashes) for (const b of picture.hashes) fewest = Math.min(fewest, hammingDistance(a, b));
  return { hashBits: fewest, combined: HASH_WEIGHT * (fewest / HASH_BITS) + COLOUR_WEIGHT * colourDistance(photo.colours, picture.colours) };
}

/** Close enough to name the product: near in shape and colour together, or nearly the same shape alone. */
export function isMatch(distance: ImageDistance): boolean {
  return distance.combined <= MATCH_MAX_DISTANCE || distance.hashBits <= MATCH_MAX_HASH_BITS;
}

export function comparable(features: ImageFeatures): ComparableImage {
  return { hashes: features.hashes.map(packHash), colours: features.colours };
}
