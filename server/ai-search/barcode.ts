import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from "zxing-wasm/reader";

/** Product codes printed on packaging and labels: EAN/UPC, and the codes a product number fits in. */
const FORMATS: ReadInputBarcodeFormat[] = ["EAN13", "EAN8", "UPCA", "UPCE", "Code128", "Code39", "QRCode", "DataMatrix"];

let ready: Promise<unknown> | null = null;

/**
 * zxing-wasm fetches its WebAssembly from a CDN unless told otherwise; the shop runs offline, so the
 * reader is given the file from its own package in node_modules, once.
 */
function prepareReader(): Promise<unknown> {
  ready ??= (async () => {
    const file = createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm");
    const bytes = await readFile(file);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** The texts of the valid barcodes in an RGBA picture (none when there is none). */
export async function readBarcodeTexts(image: { data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }): Promise<string[]> {
  await prepareReader();
  const found = await readBarcodes({ ...image, colorSpace: "srgb" }, { formats: FORMATS, maxNumberOfSymbols: 4, tryHarder: true });
  return [...new Set(found.filter((barcode) => barcode.isValid && barcode.text.trim()).map((barcode) => barcode.text.trim()))];
}
