// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, whenNearOrIdle } from "./near-or-idle";

function boxWithChild(): HTMLElement {
  const box = document.createElement("div");
  box.append(document.createElement("section"));
  document.body.replaceChildren(box);
  return box;
}

afterEach(() => vi.useRealTimers());

describe("whenNearOrIdle", () => {
  it("starts once when the shopper points into the box", () => {
    const start = vi.fn();
    const box = boxWithChild();
    whenNearOrIdle(box, start);
    box.firstElementChild!.dispatchEvent(new Event("pointerover", { bubbles: true }));
    box.firstElementChild!.dispatchEvent(new Event("focusin", { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts when the browser has been idle, at the latest after the idle timeout", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    whenNearOrIdle(boxWithChild(), start);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("does not start once cleaned up", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    const box = boxWithChild();
    whenNearOrIdle(box, start)();
    box.firstElementChild!.dispatchEvent(new Event("pointerover", { bubbles: true }));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(start).not.toHaveBeenCalled();
  });
});
