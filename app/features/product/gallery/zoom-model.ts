/**
 * The image zoom of the zoom modal (spec §2, §4 "Zoom buttons", §9; reference §7.4) as plain functions:
 * scale limits, the five button steps, wheel and pinch scales, panning clamped to the image's edges.
 * Coordinates are in CSS px relative to the stage's centre; the image is drawn centred and scaled by
 * `scale` around its centre, then moved by `x`/`y`.
 */
import { CLICK_DRAG_THRESHOLD_PX } from "../../../lib/carousel";

/** The buttons reach the maximum from ×1 in this many steps (spec §9). */
export const ZOOM_STEPS = 5;
/** The image may be magnified up to this many times its natural pixel size (spec §9). */
export const ZOOM_MAX_NATURAL_FACTOR = 2;
/** Button zooms and double taps animate over this long (spec §9); wheel and pinch follow the input directly. */
export const ZOOM_TRANSITION_MS = 350;
/** One unit of wheel delta changes the scale by this much (spec §9: 1/800 per delta). */
export const ZOOM_WHEEL_STEP = 1 / 800;
/** Two taps this close in time are a double tap (the reference's value; spec §9 does not name one). */
export const DOUBLE_TAP_MS = 300;

export interface Size {
  width: number;
  height: number;
}
export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}
export const UNZOOMED: ZoomState = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
// Steps are sums of fractions: compare with a tolerance so five steps land exactly on the maximum.
const EPSILON = 1e-9;

/** The size the image is drawn at ×1: as large as fits the stage, keeping its aspect ratio. */
export function fittedSize(natural: Size, stage: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(stage.width / natural.width, stage.height / natural.height);
  return { width: natural.width * ratio, height: natural.height * ratio };
}

/**
 * The largest scale: twice the natural pixel size relative to the drawn size; 1 (no zoom) when the
 * picture is not larger than drawn.
 */
export function maxScale(natural: Size, drawn: Size): number {
  if (drawn.width <= 0 || natural.width <= drawn.width) return 1;
  return (ZOOM_MAX_NATURAL_FACTOR * natural.width) / drawn.width;
}

/** One button step: the way from ×1 to the maximum in `ZOOM_STEPS` equal steps. */
export const zoomStep = (max: number) => (max - 1) / ZOOM_STEPS;

export interface ZoomButtonStates {
  zoomInDisabled: boolean;
  resetDisabled: boolean;
  zoomOutDisabled: boolean;
}

/** Spec §4: all disabled when no zoom is possible; in disabled at the maximum; reset and out at ×1. */
export function zoomButtonStates(scale: number, max: number): ZoomButtonStates {
  if (max <= 1) return { zoomInDisabled: true, resetDisabled: true, zoomOutDisabled: true };
  const atOne = scale <= 1 + EPSILON;
  return { zoomInDisabled: scale >= max - EPSILON, resetDisabled: atOne, zoomOutDisabled: atOne };
}

/** The next button step up or down from any scale (a wheel may have left it between steps). */
export function steppedScale(scale: number, max: number, direction: 1 | -1): number {
  const step = zoomStep(max);
  if (step <= 0) return 1;
  const position = (scale - 1) / step;
  const next = direction > 0 ? Math.floor(position + EPSILON) + 1 : Math.ceil(position - EPSILON) - 1;
  return clamp(1 + next * step, 1, max);
}

/** The scale after a wheel event: up for a negative delta (wheel forward), 1/800 per unit of delta. */
export function wheelScale(scale: number, deltaY: number, max: number): number {
  return clamp(scale - deltaY * ZOOM_WHEEL_STEP, 1, max);
}

/** The scale during a pinch: the scale at its start times how far the fingers spread since. */
export function pinchScale(startScale: number, startDistance: number, distance: number, max: number): number {
  if (startDistance <= 0) return startScale;
  return clamp((startScale * distance) / startDistance, 1, max);
}

/** A double tap toggles between ×1 and the maximum. */
export const doubleTapScale = (scale: number, max: number) => (scale > 1 + EPSILON ? 1 : max);

/** Whether a pointer that moved by (dx, dy) since it went down is dragging rather than clicking (spec §9: 10 px). */
export function isDrag(dx: number, dy: number, threshold = CLICK_DRAG_THRESHOLD_PX): boolean {
  return Math.hypot(dx, dy) > threshold;
}

/** Keeps the image covering the stage along every axis where it is larger than the stage; centred otherwise. */
export function clampPan(state: ZoomState, drawn: Size, stage: Size): ZoomState {
  const limitX = Math.max(0, (drawn.width * state.scale - stage.width) / 2);
  const limitY = Math.max(0, (drawn.height * state.scale - stage.height) / 2);
  return { scale: state.scale, x: clamp(state.x, -limitX, limitX) + 0, y: clamp(state.y, -limitY, limitY) + 0 };
}

/** Zooms to `scale` keeping the picture's point under `anchor` (stage centre = 0,0) where it is. */
export function zoomAround(state: ZoomState, scale: number, anchor: { x: number; y: number }, drawn: Size, stage: Size): ZoomState {
  const ratio = scale / state.scale;
  const x = anchor.x - (anchor.x - state.x) * ratio;
  const y = anchor.y - (anchor.y - state.y) * ratio;
  return clampPan({ scale, x, y }, drawn, stage);
}

/** Moves the picture by (dx, dy) from where a drag started, within the limits. */
export function panBy(start: ZoomState, dx: number, dy: number, drawn: Size, stage: Size): ZoomState {
  return clampPan({ scale: start.scale, x: start.x + dx, y: start.y + dy }, drawn, stage);
}
