import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState } from "react";

/**
 * An Embla carousel on the element given to the returned ref (decision 0022). Embla's code loads after
 * hydration, by dynamic import: the server-rendered slides show the first picture until then, so nothing
 * waits for it. `options` must be a constant (it is read once per element).
 */
export function useCarousel(options: EmblaOptionsType): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!node) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      instance = EmblaCarousel(node, options);
      setCarousel(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setCarousel(undefined);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options are a constant by contract
  }, [node]);

  return [setNode, carousel];
}
