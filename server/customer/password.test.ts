import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashes", () => {
  it("are salted scrypt hashes that name their parameters", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
  });

  it("verify the right password only", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treat a malformed stored value as no match", async () => {
    for (const stored of ["", "plain", "scrypt$x$8$1$c2FsdA$aGFzaA", "bcrypt$10$abc", "scrypt$32768$8$1$c2FsdA$"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});
