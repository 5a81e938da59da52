/**
 * The 3D viewer's constants from the spec (storefront-extensions §9) and how they reach model-viewer.
 * Not mappable to model-viewer: the model clamp size (model-viewer frames any model to fit instead of
 * scaling it into a box) and the default lights (model-viewer lights with an environment image, not
 * with ambient and directional lights); see decision 0023.
 */

/** Camera field of view: 70 degrees (model-viewer's `field-of-view`, and its maximum so zooming out keeps it). */
export const CAMERA_FIELD_OF_VIEW_DEG = 70;

/** How long the AR placement hint stays, in milliseconds. */
export const PLACEMENT_HINT_MS = 3000;

/** The QR code of the page for phones: 256 px wide, error correction level H. */
export const QR_WIDTH = 256;
export const QR_ERROR_CORRECTION = "H" as const;

/** The query parameter that asks the product page to open its 3D viewer ready for AR (see `arHandoffUrl`). */
export const AR_AUTOSTART_PARAM = "ar";

/** model-viewer's AR modes in order of preference: WebXR (Android Chrome), Scene Viewer (other Android), Quick Look (iOS). */
export const AR_MODES = "webxr scene-viewer quick-look";
