import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useI18n } from "../i18n/i18n";
import { FADE_CONTAINER_RESIZE_DEBOUNCE_MS } from "../../kernel/constants";
import { debounce } from "../lib/debounce";
import "./TextExpander.css";

/** Without JavaScript nothing could expand the text again: it shows whole. */
const NO_SCRIPT_STYLE = ".text-expander__content{max-height:none!important}";

/**
 * A long text shown shortened under a fade, with **Show more** / **Show less** (spec §2 "text-expander
 * and fade containers", reference §14.5). It is short from the first paint (no layout shift); the
 * button and the fade appear only when the text overflows, checked after render, when the element
 * changes size (a tab shown) and on window resize (debounced 200 ms).
 */
export function TextExpander({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useI18n();
  const content = useRef<HTMLDivElement>(null);
  const id = useId();
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const element = content.current;
    if (!element) return;
    // Measured while shortened only: expanded, the text overflows nothing but still needs "Show less".
    const measure = () => {
      if (!element.classList.contains("is-expanded")) setOverflows(element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    const onResize = debounce(measure, FADE_CONTAINER_RESIZE_DEBOUNCE_MS);
    window.addEventListener("resize", onResize);
    // A hidden tab has no height: measure again once it is shown.
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => {
      onResize.cancel();
      window.removeEventListener("resize", onResize);
      observer.disconnect();
    };
  }, []);

  return (
    <div className={`text-expander ${className ?? ""}`}>
      <div id={id} ref={content} className={`text-expander__content${expanded ? " is-expanded" : ""}${overflows && !expanded ? " is-faded" : ""}`}>
        {children}
      </div>
      {overflows && (
        <button type="button" className="text-expander__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((value) => !value)}>
          {t(expanded ? "expander.less" : "expander.more")}
        </button>
      )}
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
    </div>
  );
}
