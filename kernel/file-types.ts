/*
 * A file's type told by its first bytes, whatever its name or declared type says (image search,
 * eligibility proofs). Shared by the client (a first check before sending) and the server.
 */

export type SniffedFileType = "application/pdf" | "image/jpeg" | "image/png";

/** How many first bytes `fileTypeOf` needs to tell every type it knows. */
export const FILE_TYPE_HEAD_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** PDF (`%PDF-`), JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A) by the first bytes; null for anything else. */
export function fileTypeOf(head: Uint8Array): SniffedFileType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= PNG.length && PNG.every((byte, i) => head[i] === byte)) return "image/png";
  if (head.length >= PDF.length && PDF.every((byte, i) => head[i] === byte)) return "application/pdf";
  return null;
}
