import { describe, expect, it } from "vitest";
import {
  CAROUSEL_AUTOPLAY_TIMEOUT_MS,
  CAROUSEL_SPEED_MS,
  CAROUSEL_SWIPE_ANGLE_DEG,
  CLICK_DRAG_THRESHOLD_PX,
  emblaDurationFor,
  emblaMotion,
  isSwipe,
  THUMBNAIL_SLIDER_GUTTER_PX,
  THUMBNAIL_SLIDER_ITEMS,
} from "./carousel";

describe("carousel defaults (spec §9)", () => {
  it("are the spec's", () => {
    expect(CAROUSEL_SPEED_MS).toBe(300);
    expect(CAROUSEL_AUTOPLAY_TIMEOUT_MS).toBe(5000);
    expect(CAROUSEL_SWIPE_ANGLE_DEG).toBe(15);
    expect(THUMBNAIL_SLIDER_ITEMS).toBe(5);
    expect(THUMBNAIL_SLIDER_GUTTER_PX).toBe(10);
    expect(CLICK_DRAG_THRESHOLD_PX).toBe(10);
  });
});

describe("Embla duration for the spec's speed", () => {
  it("a higher Embla duration is a slower slide change; its default 25 takes 700 ms", () => {
    expect(emblaMotion(20).settleMs).toBeLessThan(emblaMotion(25).settleMs);
    expect(emblaMotion(25).settleMs).toBeCloseTo(700, -1);
  });

  it("300 ms maps to the quickest duration that does not swing visibly past the slide: 333 ms", () => {
    const duration = emblaDurationFor(CAROUSEL_SPEED_MS);
    expect(duration).toBe(16);
    expect(emblaMotion(duration).settleMs).toBeCloseTo(333, 0);
    expect(emblaMotion(duration).overshoot).toBeLessThan(0.01);
    // Stiffer springs would settle no closer to 300 ms without overshooting: 15 swings 1.1 % past.
    expect(emblaMotion(15).overshoot).toBeGreaterThan(0.01);
    // The same for any slide width: the spring scales with the distance.
    expect(emblaMotion(duration, 320).settleMs).toBeCloseTo(333, 0);
  });
});

describe("swipe angle", () => {
  it("a gesture within 15° of horizontal swipes; a steeper one scrolls the page", () => {
    expect(isSwipe(100, 0)).toBe(true);
    expect(isSwipe(-100, 26)).toBe(true); // 14.6°
    expect(isSwipe(100, 27.5)).toBe(false); // 15.4°
    expect(isSwipe(100, -60)).toBe(false); // 31°: Embla alone would have swiped (under 45°)
    expect(isSwipe(0, 40)).toBe(false);
  });
});
