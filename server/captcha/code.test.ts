import { describe, expect, it } from "vitest";
import { CAPTCHA_ALPHABET, CAPTCHA_CODE_LENGTH, codeDigest, digestsMatch, generateCode, normalizeAnswer } from "./code";

describe("captcha codes", () => {
  it("are drawn from the unambiguous alphabet at the fixed length", () => {
    const codes = Array.from({ length: 500 }, () => generateCode());
    for (const code of codes) {
      expect(code).toHaveLength(CAPTCHA_CODE_LENGTH);
      expect([...code].every((ch) => CAPTCHA_ALPHABET.includes(ch))).toBe(true);
    }
    // Random, not one code again and again: 500 draws from 25^5 possibilities hardly ever repeat.
    expect(new Set(codes).size).toBeGreaterThan(490);
    // Every character of the alphabet shows up somewhere.
    expect(new Set(codes.join("")).size).toBe(CAPTCHA_ALPHABET.length);
  });

  it("leave out characters that look alike", () => {
    for (const ch of "0O1IL2Z5S8B") expect(CAPTCHA_ALPHABET).not.toContain(ch);
  });

  it("compare without regard to case or spaces", () => {
    expect(normalizeAnswer(" ac 3d ")).toBe("AC3D");
    const stored = codeDigest("secret", "challenge-1", "AC3DE");
    expect(digestsMatch(stored, codeDigest("secret", "challenge-1", "ac3de"))).toBe(true);
    expect(digestsMatch(stored, codeDigest("secret", "challenge-1", "AC3DF"))).toBe(false);
  });

  it("bind the digest to the challenge and the secret", () => {
    const stored = codeDigest("secret", "challenge-1", "AC3DE");
    expect(digestsMatch(stored, codeDigest("secret", "challenge-2", "AC3DE"))).toBe(false);
    expect(digestsMatch(stored, codeDigest("other", "challenge-1", "AC3DE"))).toBe(false);
  });

  it("refuse malformed digests instead of throwing", () => {
    expect(digestsMatch("", "")).toBe(false);
    expect(digestsMatch("abcd", codeDigest("secret", "c", "AC3DE"))).toBe(false);
  });
});
