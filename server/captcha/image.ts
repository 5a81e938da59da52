import sharp from "sharp";
import svgCaptcha from "svg-captcha";

/** The drawn code's size in CSS pixels (the PNG has twice as many, for sharp text on dense screens). */
export const CAPTCHA_IMAGE_WIDTH = 180;
export const CAPTCHA_IMAGE_HEIGHT = 60;
const PIXEL_RATIO = 2;
const BACKGROUND = "#f7f5f2";

interface DrawOptions {
  width: number;
  height: number;
  fontSize: number;
  noise: number;
  color: boolean;
}

// svg-captcha's module is a function drawing a given text; its type declaration only names `create`,
// which picks the text with Math.random. We choose the code ourselves (crypto) and only draw it here.
const drawSvg = svgCaptcha as unknown as (text: string, options: DrawOptions) => string;

/**
 * The code as a PNG. svg-captcha draws each glyph as a distorted path among noise lines; rasterizing
 * the SVG means the image holds pixels only, not path data a script could match against the font.
 */
export async function drawCaptchaPng(code: string): Promise<Buffer> {
  const svg = drawSvg(code, {
    width: CAPTCHA_IMAGE_WIDTH,
    height: CAPTCHA_IMAGE_HEIGHT,
    fontSize: 56,
    noise: 3,
    // Dark grey glyphs (svg-captcha's colour mode picks light tints that are hard to read).
    color: false,
  });
  return sharp(Buffer.from(svg), { density: 72 * PIXEL_RATIO })
    .flatten({ background: BACKGROUND })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/** The PNG as a `data:` URL for an `<img>` (the CSP allows `img-src data:`). */
export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString("base64")}`;
}
