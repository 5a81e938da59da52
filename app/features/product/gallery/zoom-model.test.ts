import { describe, expect, it } from "vitest";
import {
  clampPan,
  doubleTapScale,
  fittedSize,
  isDrag,
  maxScale,
  panBy,
  pinchScale,
  steppedScale,
  UNZOOMED,
  wheelScale,
  zoomAround,
  zoomButtonStates,
} from "./zoom-model";

// Spec §9's zoom transition (350 ms) and the double tap's 300 ms are checked in the browser:
// tests/e2e/gallery.spec.ts (transition-duration 0.35s) and tests/e2e/zoom-gestures.spec.ts.

describe("maxScale", () => {
  it("lets the picture reach twice its natural pixel size", () => {
    // A 1200 px picture drawn 600 px wide is at its natural size at ×2 and at twice that at ×4.
    expect(maxScale({ width: 1200, height: 900 }, { width: 600, height: 450 })).toBe(4);
    expect(maxScale({ width: 1200, height: 1200 }, { width: 800, height: 800 })).toBe(3);
  });

  it("is 1 when the picture is not larger than drawn", () => {
    expect(maxScale({ width: 600, height: 600 }, { width: 600, height: 600 })).toBe(1);
    expect(maxScale({ width: 320, height: 320 }, { width: 600, height: 600 })).toBe(1);
    expect(maxScale({ width: 1200, height: 1200 }, { width: 0, height: 0 })).toBe(1);
  });
});

describe("zoom buttons (spec §4)", () => {
  it("go from ×1 to the maximum in exactly five steps and back, with the disabled states at each step", () => {
    // A 1200 px picture drawn 600 px wide: up to ×4, in five steps of 0.6.
    const max = maxScale({ width: 1200, height: 1200 }, { width: 600, height: 600 });
    let scale = 1;
    expect(zoomButtonStates(scale, max)).toEqual({ zoomInDisabled: false, resetDisabled: true, zoomOutDisabled: true });
    const seen: number[] = [];
    for (let step = 1; step <= 5; step++) {
      scale = steppedScale(scale, max, 1);
      seen.push(scale);
      expect(zoomButtonStates(scale, max)).toEqual({
        zoomInDisabled: step === 5,
        resetDisabled: false,
        zoomOutDisabled: false,
      });
    }
    expect(seen.map((s) => Number(s.toFixed(6)))).toEqual([1.6, 2.2, 2.8, 3.4, 4]);
    expect(steppedScale(scale, max, 1)).toBe(max);
    for (let step = 1; step <= 5; step++) scale = steppedScale(scale, max, -1);
    expect(scale).toBe(1);
    expect(zoomButtonStates(scale, max)).toEqual({ zoomInDisabled: false, resetDisabled: true, zoomOutDisabled: true });
  });

  it("are all disabled when no zoom is possible", () => {
    expect(zoomButtonStates(1, 1)).toEqual({ zoomInDisabled: true, resetDisabled: true, zoomOutDisabled: true });
  });

  it("step from a scale between steps to the next step in that direction", () => {
    expect(steppedScale(1.9, 4, 1)).toBeCloseTo(2.2);
    expect(steppedScale(1.9, 4, -1)).toBeCloseTo(1.6);
    expect(steppedScale(1.05, 4, -1)).toBe(1);
  });
});

describe("wheel, pinch and double tap", () => {
  it("wheel: 1/800 of the delta, forward zooms in, clamped to 1 and the maximum", () => {
    expect(wheelScale(1, -100, 4)).toBeCloseTo(1.125);
    expect(wheelScale(1, -800, 4)).toBeCloseTo(2);
    expect(wheelScale(2, 400, 4)).toBeCloseTo(1.5);
    expect(wheelScale(1.2, 800, 4)).toBe(1);
    expect(wheelScale(3.9, -800, 4)).toBe(4);
  });

  it("pinch: proportional to the fingers' distance, clamped", () => {
    expect(pinchScale(1, 100, 200, 4)).toBe(2);
    expect(pinchScale(2, 100, 50, 4)).toBe(1);
    expect(pinchScale(2, 100, 1000, 4)).toBe(4);
    expect(pinchScale(2, 100, 20, 4)).toBe(1);
  });

  it("double tap toggles between ×1 and the maximum", () => {
    expect(doubleTapScale(1, 4)).toBe(4);
    expect(doubleTapScale(2.2, 4)).toBe(1);
    expect(doubleTapScale(4, 4)).toBe(1);
  });

  it("tells a click from a drag at 10 px", () => {
    expect(isDrag(6, 8)).toBe(false); // exactly 10 px: still a click
    expect(isDrag(0, 10.5)).toBe(true);
    expect(isDrag(-9, 0)).toBe(false);
  });
});

describe("panning", () => {
  const stage = { width: 800, height: 600 };
  const drawn = fittedSize({ width: 1200, height: 1200 }, stage);

  it("draws the picture as large as fits, keeping its aspect ratio", () => {
    expect(drawn).toEqual({ width: 600, height: 600 });
    expect(fittedSize({ width: 1600, height: 800 }, stage)).toEqual({ width: 800, height: 400 });
  });

  it("keeps the picture's edges outside the stage and centres an axis where it is smaller", () => {
    // ×2: 1200 × 1200 drawn in 800 × 600, so x may move ±200 and y ±300.
    expect(clampPan({ scale: 2, x: 500, y: -500 }, drawn, stage)).toEqual({ scale: 2, x: 200, y: -300 });
    // ×1.2: 720 wide (less than the stage) is centred; 720 high may move ±60.
    expect(clampPan({ scale: 1.2, x: 50, y: 100 }, drawn, stage)).toEqual({ scale: 1.2, x: 0, y: 60 });
    expect(panBy({ scale: 2, x: 0, y: 0 }, -50, 40, drawn, stage)).toEqual({ scale: 2, x: -50, y: 40 });
  });

  it("zooms around the pointer: the point under it stays under it", () => {
    const anchor = { x: 100, y: 50 };
    const zoomed = zoomAround(UNZOOMED, 2, anchor, drawn, stage);
    expect(zoomed).toEqual({ scale: 2, x: -100, y: -50 });
    // The picture point under the anchor, (anchor - offset) / scale, is the same before and after.
    expect((anchor.x - zoomed.x) / zoomed.scale).toBe(anchor.x);
    expect(zoomAround(zoomed, 1, anchor, drawn, stage)).toEqual(UNZOOMED);
  });
});
