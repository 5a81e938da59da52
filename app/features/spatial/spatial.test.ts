import { describe, expect, it } from "vitest";
import { arLaunchFor, arStateText, nextArState, type ArEvent, type ArState } from "./ar-state";
import { AR_AUTOSTART_PARAM, AR_MODES, CAMERA_FIELD_OF_VIEW_DEG, PLACEMENT_HINT_MS, QR_ERROR_CORRECTION, QR_WIDTH } from "./constants";
import { hasArAutostart } from "./autostart";
import { arHandoffUrl } from "./handoff-url";

const run = (events: ArEvent[], from: ArState = "idle") => events.reduce(nextArState, from);

describe("spec constants (storefront-extensions §9)", () => {
  it("uses the camera field of view, placement hint and QR settings of the spec", () => {
    expect(CAMERA_FIELD_OF_VIEW_DEG).toBe(70);
    expect(PLACEMENT_HINT_MS).toBe(3000);
    expect(QR_WIDTH).toBe(256);
    expect(QR_ERROR_CORRECTION).toBe("H");
  });

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
