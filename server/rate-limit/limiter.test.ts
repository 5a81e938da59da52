import { describe, expect, it } from "vitest";
import { countAttempt, lockedUntil, windowExpired, type RateLimitRule } from "./limiter";

const rule: RateLimitRule = { name: "test", limit: 3, windowMs: 15 * 60_000 };
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) + minutes * 60_000);

describe("attempt window", () => {
  it("starts a window with the first attempt and counts within it", () => {
    const first = countAttempt(null, at(0), rule);
    expect(first).toEqual({ failures: 1, windowStartedAt: at(0) });
    expect(countAttempt(first, at(14), rule)).toEqual({ failures: 2, windowStartedAt: at(0) });
  });

  it("starts again once the window is over", () => {
    const state = { failures: 3, windowStartedAt: at(0) };
    expect(windowExpired(state, at(14.99), rule)).toBe(false);
    expect(windowExpired(state, at(15), rule)).toBe(true);
    expect(countAttempt(state, at(15), rule)).toEqual({ failures: 1, windowStartedAt: at(15) });
  });

  it("locks from the limit on, for the rest of the window", () => {
    expect(lockedUntil(null, at(0), rule)).toBeNull();
    expect(lockedUntil({ failures: 2, windowStartedAt: at(0) }, at(5), rule)).toBeNull();
    expect(lockedUntil({ failures: 3, windowStartedAt: at(0) }, at(5), rule)).toEqual(at(15));
    expect(lockedUntil({ failures: 7, windowStartedAt: at(0) }, at(14), rule)).toEqual(at(15));
    expect(lockedUntil({ failures: 7, windowStartedAt: at(0) }, at(15), rule)).toBeNull();
  });
});
