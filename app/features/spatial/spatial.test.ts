import { describe, expect, it } from "vitest";
import { arLaunchFor, arStateText, nextArState, type ArEvent, type ArState } from "./ar-state";
import { AR_AUTOSTART_PARAM, AR_MODES } from "./constants";
import { hasArAutostart } from "./autostart";
import { arHandoffUrl } from "./handoff-url";

const run = (events: ArEvent[], from: ArState = "idle") => events.reduce(nextArState, from);

// Spec constants (storefront-extensions §9) are checked where they act: the placement hint's 3000 ms in
// ModelStage.test.tsx, the QR code's width 256 and level H in ArQrModal.test.tsx, the camera's 70° field of
// view in tests/e2e/spatial.spec.ts.
describe("AR modes", () => {
  it("prefers WebXR, then Scene Viewer, then Quick Look", () => {
    expect(AR_MODES.split(" ")).toEqual(["webxr", "scene-viewer", "quick-look"]);
  });
});

describe("arHandoffUrl", () => {
  it("adds the autostart parameter to the page URL and keeps the other parameters", () => {
    expect(arHandoffUrl("https://shop.example/home/sofa/?colour=navy")).toBe("https://shop.example/home/sofa/?colour=navy&ar=1");
  });

  it("does not add the parameter twice and drops the fragment", () => {
    expect(arHandoffUrl("http://localhost:3600/p/?ar=1#reviews")).toBe("http://localhost:3600/p/?ar=1");
  });

  it("round-trips with hasArAutostart", () => {
    const url = new URL(arHandoffUrl("http://localhost/p"));
    expect(url.searchParams.get(AR_AUTOSTART_PARAM)).toBe("1");
    expect(hasArAutostart(url.search)).toBe(true);
    expect(hasArAutostart("?colour=navy")).toBe(false);
    expect(hasArAutostart("?ar=0")).toBe(false);
  });
});

describe("AR states", () => {
  it("goes loading → session running → tracking → ended", () => {
    expect(run([{ type: "launch" }])).toBe("loading");
    expect(run([{ type: "launch" }, { type: "status", status: "session-started" }])).toBe("session");
    expect(run([{ type: "launch" }, { type: "status", status: "session-started" }, { type: "status", status: "object-placed" }])).toBe("tracking");
    expect(
      run([
        { type: "launch" },
        { type: "status", status: "session-started" },
        { type: "status", status: "object-placed" },
        { type: "status", status: "not-presenting" },
      ]),
    ).toBe("ended");
  });

  it("ignores model-viewer's first not-presenting, before any session", () => {
    expect(run([{ type: "status", status: "not-presenting" }])).toBe("idle");
  });

  it("follows tracking only during a session", () => {
    expect(run([{ type: "tracking", tracking: "not-tracking" }], "tracking")).toBe("session");
    expect(run([{ type: "tracking", tracking: "tracking" }], "session")).toBe("tracking");
    expect(run([{ type: "tracking", tracking: "tracking" }], "ended")).toBe("ended");
  });

  it("reports a failed start", () => {
    expect(run([{ type: "launch" }, { type: "status", status: "failed" }])).toBe("failed");
  });

  it("has a sentence for every state but idle", () => {
    expect(arStateText("idle")).toBeNull();
    expect((["loading", "session", "tracking", "ended", "failed"] as const).map(arStateText)).toEqual([
      "spatial.ar.loading",
      "spatial.ar.session",
      "spatial.ar.tracking",
      "spatial.ar.ended",
      "spatial.ar.failed",
    ]);
  });

  it("starts AR where the device can and shows the QR code elsewhere", () => {
    expect(arLaunchFor(true)).toBe("session");
    expect(arLaunchFor(false)).toBe("qr");
  });
});
