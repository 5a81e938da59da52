import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * Fullscreen for one element; Escape leaves it. Browsers do that themselves (the page never sees that
 * Escape); the key handler covers the ones that pass the key on, headless Chromium among them.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);

  useEffect(() => {
    const sync = () => setIsFullscreen(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, [ref]);

  useEffect(() => {
    if (!isFullscreen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && document.fullscreenElement) void document.exitFullscreen();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isFullscreen]);

  const toggleFullscreen = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    if (document.fullscreenElement === element) void document.exitFullscreen();
    else element.requestFullscreen().catch(() => setIsFullscreen(false));
  }, [ref]);

  return { isFullscreen, toggleFullscreen };
}
