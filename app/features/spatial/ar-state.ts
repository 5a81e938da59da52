import type { MessageKey } from "../../../kernel/i18n/en";

/**
 * What the shopper sees of an AR session: `loading` from the button press until the session runs,
 * `session` while the camera looks for a surface, `tracking` once the model is placed and followed,
 * `ended` after the shopper left AR, `failed` when the browser could not start it.
 */
export type ArState = "idle" | "loading" | "session" | "tracking" | "ended" | "failed";

/** model-viewer's `ar-status` event details. */
export type ArStatus = "not-presenting" | "session-started" | "object-placed" | "failed";
/** model-viewer's `ar-tracking` event details. */
export type ArTracking = "tracking" | "not-tracking";

export type ArEvent = { type: "launch" } | { type: "status"; status: ArStatus } | { type: "tracking"; tracking: ArTracking };

export function nextArState(state: ArState, event: ArEvent): ArState {
  switch (event.type) {
    case "launch":
      return "loading";
    case "status":
      switch (event.status) {
        case "session-started":
          return "session";
        case "object-placed":
          return "tracking";
        case "failed":
          return "failed";
        case "not-presenting":
          // model-viewer also reports "not-presenting" when it first attaches: nothing ended then.
          return state === "idle" ? "idle" : "ended";
      }
      return state;
    case "tracking":
      if (state !== "session" && state !== "tracking") return state;
      // Lost tracking sends the shopper back to looking for a surface.
      return event.tracking === "tracking" ? "tracking" : "session";
  }
}

const STATE_TEXT: Record<Exclude<ArState, "idle">, MessageKey> = {
  loading: "spatial.ar.loading",
  session: "spatial.ar.session",
  tracking: "spatial.ar.tracking",
  ended: "spatial.ar.ended",
  failed: "spatial.ar.failed",
};

/** The sentence announced for a state; none while AR was never started. */
export function arStateText(state: ArState): MessageKey | null {
  return state === "idle" ? null : STATE_TEXT[state];
}

/**
 * What "View in your room" does: start AR where the device can (model-viewer picks WebXR, Scene Viewer or
 * Quick Look), otherwise hand the page over to a phone with a QR code.
 */
export function arLaunchFor(canActivateAR: boolean): "session" | "qr" {
  return canActivateAR ? "session" : "qr";
}
