import { useEffect, type RefObject } from "react";
import { blacklistKindOf } from "../../../kernel/blacklist";
import { useI18n } from "../../i18n/i18n";

/**
 * The registration and address blacklists in the browser (issue 26 point 1, spec §2, §4, §5): while the
 * shopper types, a name or address field holding a blacklisted word is marked and the form's submit
 * buttons are blocked. The server refuses the same values (server/blacklist/service.ts), so this is the
 * early warning, not the guard.
 *
 * Small on purpose: it only looks whether the form has a name or address field; the wiring and the
 * word lists (./blacklist-wiring.ts, the three GETs) load when it has one, once per page.
 * `delayMs` wires the form that long after mount (the confirm page's address dialog, spec §9).
 */
export function useBlacklistCheck(form: RefObject<HTMLFormElement | null>, { delayMs = 0 }: { delayMs?: number } = {}) {
  const { t } = useI18n();
  useEffect(() => {
    const element = form.current;
    if (!element || !hasBlacklistField(element)) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      void import("./blacklist-wiring").then(async ({ wireBlacklist }) => {
        const stop = await wireBlacklist(element, (word) => t("form.error.blacklisted", { word }));
        if (cancelled) stop();
        else cleanup = stop;
      });
    };
    const timer = delayMs > 0 ? window.setTimeout(start, delayMs) : undefined;
    if (delayMs <= 0) start();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      cleanup?.();
    };
  }, [form, delayMs, t]);
}

function hasBlacklistField(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => element instanceof HTMLInputElement && element.type !== "hidden" && blacklistKindOf(element.name) !== null);
}
