import { describe, expect, it } from "vitest";
import { plainText } from "./text";

const refusal = (schema: ReturnType<typeof plainText>, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

const code = (n: number) => String.fromCharCode(n);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hex = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, "0")}`;

describe("plainText", () => {
  const line = plainText();
  const lines = plainText({ multiline: true });

  it("refuses every C0 and C1 control character and DEL inside a single-line field", () => {
    for (const n of [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)]) {
      expect(refusal(line, `A${code(n)}B`), hex(n)).toEqual(["contains characters that are not allowed"]);
    }
  });

  it("refuses the same but tab, line feed and carriage return inside a multi-line field", () => {
    for (const n of [...range(0x00, 0x08), 0x0b, 0x0c, ...range(0x0e, 0x1f), 0x7f, ...range(0x80, 0x9f)]) {
      expect(refusal(lines, `A${code(n)}B`), hex(n)).toEqual(["contains characters that are not allowed"]);
    }
  });

  it("keeps tab, line feed and carriage return in a multi-line field only", () => {
    expect(lines.parse("Dear shop,\r\n\tthank you.\nBye")).toBe("Dear shop,\r\n\tthank you.\nBye");
    for (const character of ["\t", "\n", "\r"]) expect(refusal(line, `A${character}B`)).not.toBeNull();
  });

  it("refuses lone surrogates, high or low, and keeps pairs", () => {
    for (const value of ["\uD800", "A\uD800B", "A\uDC00", "\uDBFF", "😀\uD83D"]) {
      expect(refusal(line, value), JSON.stringify(value)).not.toBeNull();
      expect(refusal(lines, value), JSON.stringify(value)).not.toBeNull();
    }
    expect(line.parse("Grüße 😀 \u{10FFFF} 漢字")).toBe("Grüße 😀 \u{10FFFF} 漢字");
  });

  it("accepts what people type: spaces, accents, non-breaking and zero-width characters", () => {
    expect(line.parse("Zoë O'Brien-Müller\u00A0& Co.\u200B")).toBe("Zoë O'Brien-Müller\u00A0& Co.\u200B");
  });

  it("trims before the check unless told not to, so a pasted trailing line break is no fault", () => {
    expect(line.parse("  Erika\n")).toBe("Erika");
    expect(refusal(plainText({ trim: false }), "Erika\n")).not.toBeNull();
    expect(plainText({ trim: false }).parse(" pass word ")).toBe(" pass word ");
  });

  it("says what is wrong in the caller's words, and takes further checks", () => {
    const field = plainText({ typeMessage: "invalid", message: "invalid-characters" }).min(1, "required").max(5, "too-long");
    expect(refusal(field, 42)).toEqual(["invalid"]);
    expect(refusal(field, "a\u0000b")).toEqual(["invalid-characters"]);
    expect(refusal(field, "")).toEqual(["required"]);
    expect(refusal(field, "abcdef")).toEqual(["too-long"]);
  });
});
