import { useEffect, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { SCROLL_UP_DEBOUNCE_MS, SCROLL_UP_THRESHOLD_PX } from "../../../kernel/constants";
import { debounce } from "../../lib/debounce";
import { prefersReducedMotion } from "../../lib/motion";
import { Icon } from "../../ui/Icon";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** "Back to top", shown once the page is scrolled past 250 px (scroll debounced 35 ms, spec §9). */
export function BackToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = debounce(() => setVisible(window.scrollY > SCROLL_UP_THRESHOLD_PX), SCROLL_UP_DEBOUNCE_MS);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      update.cancel();
      window.removeEventListener("scroll", update);
    };
  }, []);

  const toTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    document.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
  };

  return (
    <button type="button" className="back-to-top" hidden={!visible} onClick={toTop} aria-label={t("backToTop")}>
      <Icon name="arrowUp" />
    </button>
  );
}
