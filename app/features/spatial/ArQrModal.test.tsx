// @vitest-environment happy-dom
import jsQR from "jsqr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { en } from "../../../kernel/i18n/en";
import { ArQrModal } from "./ArQrModal";

// The code appears once the `qrcode` library has loaded: rendered as a browser would, and waited for.
/** The dark modules of a QR code drawn by the `qrcode` library as an SVG path (rows of `h` runs). */
function modulesOf(svg: string): { size: number; dark: boolean[][] } {
  const viewBox = /viewBox="0 0 (\d+) \d+"/.exec(svg);
  const path = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg);
  if (!viewBox || !path) throw new Error(`not a QR code SVG: ${svg.slice(0, 200)}`);
  const commands = [...path[1]!.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)];
  const margin = Number(commands[0]![2]);
  const size = Number(viewBox[1]) - 2 * margin;
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of commands) {
    if (command === "M") [x, y] = [Number(a), Number(b)];
    else if (command === "m") [x, y] = [x + Number(a), y + Number(b)];
    else for (let end = x + Number(a); x < end; x++) dark[y - 0.5 - margin]![x - margin] = true;
  }
  return { size, dark };
}

/** ISO/IEC 18004 format information, copy beside the top-left finder (column 8): the error correction level. */
function errorCorrectionLevel({ size, dark }: ReturnType<typeof modulesOf>): string {
  const rows = [0, 1, 2, 3, 4, 5, 7, 8, ...Array.from({ length: 7 }, (_, i) => size - 7 + i)];
  const bits = rows.reduce((word, row, i) => word | (Number(dark[row]![8]) << i), 0);
  const levelBits = (bits ^ 0b101010000010010) >> 13;
  return ({ 1: "L", 0: "M", 3: "Q", 2: "H" } as Record<number, string>)[levelBits]!;
}

/** The text of the code, read from its modules drawn 4 px each with a quiet zone. */
function textOf({ size, dark }: ReturnType<typeof modulesOf>): string | null {
  const scale = 4;
  const width = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (dark[row]![col])
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const offset = (((row + 4) * scale + dy) * width + (col + 4) * scale + dx) * 4;
            pixels.fill(0, offset, offset + 3);
          }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe("AR QR code (storefront-extensions §9: width 256, error correction H)", () => {
  let root: TestRoot;
  beforeEach(() => {
    window.history.replaceState(null, "", "/home/curved-velvet-sofa/?colour=navy");
    root = createTestRoot();
  });
  afterEach(() => root.unmount());

  it("shows a 256 px code of error correction level H that opens this page ready for AR", async () => {
    await root.render(<ArQrModal open onOpenChange={() => undefined} />);
    const image = await vi.waitFor(() => {
      const found = document.querySelector<HTMLImageElement>(`img[alt="${en["spatial.qr.alt"]}"]`);
      if (!found) throw new Error("no QR code yet");
      return found;
    });
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["256", "256"]);
    const svg = decodeURIComponent(image.src.slice(image.src.indexOf(",") + 1));
    expect(svg).toMatch(/<svg[^>]* width="256" height="256"/);
    const code = modulesOf(svg);
    expect(errorCorrectionLevel(code)).toBe("H");
    expect(textOf(code)).toBe(`${window.location.origin}/home/curved-velvet-sofa/?colour=navy&ar=1`);
  });
});
