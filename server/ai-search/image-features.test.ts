import sharp from "sharp";
import phash from "sharp-phash";
import { describe, expect, it } from "vitest";
import {
  colourDistance,
  colourHistogram,
  comparable,
  featuresOf,
  hammingDistance,
  imageDistance,
  isMatch,
  MATCH_MAX_DISTANCE,
  packHash,
  perceptualHash,
  WHOLE,
  type Raster,
} from "./image-features";
import { normalisedRaster, UnreadableImage } from "./image-raster";

/** A deterministic test picture: soft shapes of a few colours (no two seeds alike). */
function picture(seed: number, width = 96, height = 72): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const wave = Math.sin((x * (seed + 1)) / 9) + Math.cos((y * (seed + 2)) / 7);
      data[i] = (128 + 100 * wave + seed * 37) & 255;
      data[i + 1] = x * 2 + seed * 11;
      data[i + 2] = 255 - y * 3 + (wave > 0 ? 40 : 0);
    }
  }
  return data;
}

const encode = (seed: number) => sharp(picture(seed), { raw: { width: 96, height: 72, channels: 3 } }).png().toBuffer();

function greyRaster(size: number, pixel: (x: number, y: number) => number): Pick<Raster, "width" | "height" | "grey"> {
  const grey = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) grey[y * size + x] = pixel(x, y);
  return { width: size, height: size, grey };
}

describe("perceptualHash", () => {
  it("gives the same 64 bits as sharp-phash for the same 32 × 32 brightness", async () => {
    for (let seed = 0; seed < 6; seed++) {
      const raster = greyRaster(32, (x, y) => (Math.sin((x * (seed + 3)) / 5) * 60 + Math.cos((y * (seed + 1)) / 4) * 60 + 128) | 0);
      const expected = await phash(Buffer.from(raster.grey), { raw: { width: 32, height: 32, channels: 1 } });
      const ours = [...perceptualHash(raster)].map((digit) => Number.parseInt(digit, 16).toString(2).padStart(4, "0")).join("");
      expect(ours).toBe(expected);
    }
  });

  it("is 16 hexadecimal digits", () => {
    expect(perceptualHash(greyRaster(64, (x) => x * 4))).toMatch(/^[0-9a-f]{16}$/);
  });

  it("barely changes when the picture is resized and re-compressed, and changes a lot for another picture", async () => {
    const original = await encode(1);
    const smaller = await sharp(original).resize(58, 43).jpeg({ quality: 60 }).toBuffer();
    const other = await encode(4);
    const hashOf = async (bytes: Buffer) => packHash(perceptualHash(await normalisedRaster(bytes)));
    expect(hammingDistance(await hashOf(original), await hashOf(smaller))).toBeLessThanOrEqual(6);
    expect(hammingDistance(await hashOf(original), await hashOf(other))).toBeGreaterThanOrEqual(18);
  });
});

describe("hammingDistance", () => {
  it("counts the differing bits of two hashes", () => {
    expect(hammingDistance(packHash("0000000000000000"), packHash("0000000000000000"))).toBe(0);
    expect(hammingDistance(packHash("ffffffffffffffff"), packHash("0000000000000000"))).toBe(64);
    expect(hammingDistance(packHash("8000000000000001"), packHash("0000000000000000"))).toBe(2);
    expect(hammingDistance(packHash("f0f0f0f000000000"), packHash("0f0f0f0f00000000"))).toBe(32);
  });
});

describe("colours", () => {
  const plain = (r: number, g: number, b: number) => ({ rgb: Uint8Array.from({ length: 300 }, (_, i) => [r, g, b][i % 3]!) });

  it("puts every pixel in one of 64 bins, the shares adding up to 1", () => {
    const histogram = colourHistogram(plain(250, 10, 10));
    expect(histogram).toHaveLength(64);
    expect(histogram.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    expect(histogram.filter((share) => share > 0)).toEqual([1]);
  });

  it("is 0 between the same colours and 1 between colours with nothing in common", () => {
    expect(colourDistance(colourHistogram(plain(250, 10, 10)), colourHistogram(plain(250, 10, 10)))).toBe(0);
    expect(colourDistance(colourHistogram(plain(250, 10, 10)), colourHistogram(plain(10, 10, 250)))).toBe(1);
  });
});

describe("imageDistance", () => {
  it("finds a cropped photo close to a catalog picture (its crops are hashed) and an unrelated one far", async () => {
    const catalog = comparable(featuresOf(await normalisedRaster(await encode(2))));
    const cropped = await sharp(await encode(2)).extract({ left: 10, top: 0, width: 86, height: 72 }).jpeg({ quality: 60 }).toBuffer();
    const photo = comparable(featuresOf(await normalisedRaster(cropped), [WHOLE]));
    const unrelated = comparable(featuresOf(await normalisedRaster(await encode(5)), [WHOLE]));
    expect(imageDistance(photo, catalog).combined).toBeLessThan(MATCH_MAX_DISTANCE);
    expect(isMatch(imageDistance(photo, catalog))).toBe(true);
    expect(imageDistance(unrelated, catalog).combined).toBeGreaterThan(MATCH_MAX_DISTANCE);
    expect(isMatch(imageDistance(unrelated, catalog))).toBe(false);
  });
});

describe("normalisedRaster", () => {
  it("refuses bytes that are no picture, and a JPEG cut short", async () => {
    await expect(normalisedRaster(Buffer.from("not a picture"))).rejects.toBeInstanceOf(UnreadableImage);
    await expect(normalisedRaster(Buffer.alloc(0))).rejects.toBeInstanceOf(UnreadableImage);
    const jpeg = await sharp(await encode(3)).jpeg().toBuffer();
    await expect(normalisedRaster(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toBeInstanceOf(UnreadableImage);
  });

  it("turns a picture upright by its orientation tag", async () => {
    const upright = await encode(1);
    const turned = await sharp(upright).rotate(90).withMetadata({ orientation: 8 }).jpeg({ quality: 95 }).toBuffer();
    const a = packHash(perceptualHash(await normalisedRaster(upright)));
    const b = packHash(perceptualHash(await normalisedRaster(turned)));
    expect(hammingDistance(a, b)).toBeLessThanOrEqual(6);
  });
});
