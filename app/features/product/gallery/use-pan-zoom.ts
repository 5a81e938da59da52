import { useCallback, useEffect, useRef, useState } from "react";
import {
  clampPan,
  DOUBLE_TAP_MS,
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
  type Size,
  type ZoomState,
} from "./zoom-model";

interface Point {
  x: number;
  y: number;
}
type Gesture =
  | { kind: "press" | "pan"; from: Point; start: ZoomState }
  | { kind: "pinch"; distance: number; middle: Point; start: ZoomState };

/** Taps further apart than this are not one double tap. */
const DOUBLE_TAP_SLOP_PX = 30;
/** Firefox reports wheel deltas in lines; one line is about this many pixels. */
const WHEEL_LINE_PX = 40;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Wires the zoom model to pointer and wheel events on a stage: one pointer pans (once it moved more than
 * the click/drag threshold), two pinch, a double tap toggles ×1 and the maximum, the wheel zooms around
 * the pointer. `animate` is true for the zooms that transition (buttons, double tap). Another `picture`
 * (its URL) starts unzoomed.
 */
export function usePanZoom(natural: Size, picture: string) {
  const [stage, setStage] = useState<HTMLElement | null>(null);
  const [stageSize, setStageSize] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<{ state: ZoomState; animate: boolean }>({ state: UNZOOMED, animate: false });
  const [shownPicture, setShownPicture] = useState(picture);
  if (shownPicture !== picture) {
    setShownPicture(picture);
    setView({ state: UNZOOMED, animate: false });
  }
  const drawn = fittedSize(natural, stageSize);
  const max = maxScale(natural, drawn);

  // The listeners read the latest values without being re-attached on every change.
  const latest = useRef({ state: view.state, drawn, stageSize, max });
  latest.current = { state: view.state, drawn, stageSize, max };
  const apply = useCallback((state: ZoomState, animate: boolean) => {
    latest.current.state = state;
    setView({ state, animate });
  }, []);

  useEffect(() => {
    if (!stage) return;
    const observer = new ResizeObserver(() => setStageSize({ width: stage.clientWidth, height: stage.clientHeight }));
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stage]);

  // A smaller stage (rotated phone, resized window) lowers the maximum: keep the zoom within it.
  useEffect(() => {
    const { state } = latest.current;
    if (state.scale > max) apply(clampPan({ ...state, scale: max }, drawn, stageSize), false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- drawn follows stageSize and natural
  }, [max, stageSize.width, stageSize.height, apply]);

  useEffect(() => {
    if (!stage) return;
    const pointers = new Map<number, Point>();
    let gesture: Gesture | null = null;
    let lastTap: { at: number; point: Point } | null = null;

    /** A point relative to the stage's centre, where the zoom model has its origin. */
    const local = (event: { clientX: number; clientY: number }): Point => {
      const rect = stage.getBoundingClientRect();
      return { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 };
    };
    const startPinchOrPress = () => {
      const [a, b] = [...pointers.values()];
      const { state } = latest.current;
      if (a && b) gesture = { kind: "pinch", distance: distance(a, b), middle: middle(a, b), start: state };
      else if (a) gesture = { kind: "pan", from: a, start: state };
    };

    const onDown = (event: PointerEvent) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      stage.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, local(event));
      if (pointers.size === 1) gesture = { kind: "press", from: local(event), start: latest.current.state };
      else startPinchOrPress();
    };
    const onMove = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId) || !gesture) return;
      const point = local(event);
      pointers.set(event.pointerId, point);
      const { drawn, stageSize, max } = latest.current;
      if (gesture.kind === "pinch") {
        const [a, b] = [...pointers.values()];
        if (!a || !b) return;
        const scale = pinchScale(gesture.start.scale, gesture.distance, distance(a, b), max);
        const zoomed = zoomAround(gesture.start, scale, gesture.middle, drawn, stageSize);
        const now = middle(a, b);
        apply(panBy(zoomed, now.x - gesture.middle.x, now.y - gesture.middle.y, drawn, stageSize), false);
        return;
      }
      const dx = point.x - gesture.from.x;
      const dy = point.y - gesture.from.y;
      if (gesture.kind === "press" && isDrag(dx, dy)) gesture = { ...gesture, kind: "pan" };
      if (gesture.kind === "pan") apply(panBy(gesture.start, dx, dy, drawn, stageSize), false);
    };
    const onUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      const wasPress = gesture?.kind === "press";
      if (pointers.size > 0) return startPinchOrPress();
      gesture = null;
      if (!wasPress || event.type === "pointercancel") return;
      const point = local(event);
      const now = event.timeStamp;
      if (lastTap && now - lastTap.at <= DOUBLE_TAP_MS && distance(point, lastTap.point) <= DOUBLE_TAP_SLOP_PX) {
        lastTap = null;
        const { state, drawn, stageSize, max } = latest.current;
        apply(zoomAround(state, doubleTapScale(state.scale, max), point, drawn, stageSize), true);
      } else {
        lastTap = { at: now, point };
      }
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { state, drawn, stageSize, max } = latest.current;
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * WHEEL_LINE_PX : event.deltaY;
      apply(zoomAround(state, wheelScale(state.scale, delta, max), local(event), drawn, stageSize), false);
    };

    stage.addEventListener("pointerdown", onDown);
    stage.addEventListener("pointermove", onMove);
    stage.addEventListener("pointerup", onUp);
    stage.addEventListener("pointercancel", onUp);
    // Not passive: the wheel zooms the picture instead of scrolling the dialog.
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      stage.removeEventListener("pointerdown", onDown);
      stage.removeEventListener("pointermove", onMove);
      stage.removeEventListener("pointerup", onUp);
      stage.removeEventListener("pointercancel", onUp);
      stage.removeEventListener("wheel", onWheel);
    };
  }, [stage, apply]);

  const step = (direction: 1 | -1) => {
    const { state, drawn, stageSize, max } = latest.current;
    apply(zoomAround(state, steppedScale(state.scale, max, direction), { x: 0, y: 0 }, drawn, stageSize), true);
  };

  return {
    stageRef: setStage,
    drawn,
    view,
    buttons: zoomButtonStates(view.state.scale, max),
    zoomIn: () => step(1),
    zoomOut: () => step(-1),
    reset: () => apply(UNZOOMED, true),
  };
}
