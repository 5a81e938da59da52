import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { ConsentGroup } from "../../../server/consent/cookie-groups";
import { useI18n } from "../../i18n/i18n";
import { debounce } from "../../lib/debounce";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { Offcanvas } from "../../ui/Offcanvas";
import { activeCookies, allCookies, COOKIE_BAR_RESIZE_DEBOUNCE_MS, denyConsent, groupState, saveConsent, selectableCookies } from "./consent";
import "./CookieConsent.css";

async function fetchGroups(): Promise<ConsentGroup[]> {
  const response = await http(routeUrl("frontend.cookie.offcanvas"));
  if (!response.ok) throw new Error(`The cookie groups answered ${response.status}`);
  return ((await response.json()) as { groups: ConsentGroup[] }).groups;
}

/** The page keeps room for the bar at its bottom: body padding (and `--cookie-bar-height`) follow its height. */
function useBottomPadding(bar: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const height = `${bar.offsetHeight}px`;
      document.body.style.paddingBottom = height;
      root.style.setProperty("--cookie-bar-height", height);
    };
    update();
    const onResize = debounce(update, COOKIE_BAR_RESIZE_DEBOUNCE_MS);
    window.addEventListener("resize", onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener("resize", onResize);
      document.body.style.paddingBottom = "";
      root.style.removeProperty("--cookie-bar-height");
    };
  }, [bar]);
}

function CookieBar({ onDone, onConfigure }: { onDone(): void; onConfigure(): void }) {
  const { t } = useI18n();
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useBottomPadding(bar);
  const acceptAll = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const groups = await fetchGroups();
      saveConsent(groups, allCookies(groups));
      onDone();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <section ref={setBar} className={`cookie-bar ${busy ? "has-element-loader" : ""}`} aria-label={t("consent.region")} aria-busy={busy || undefined}>
      <div className="container cookie-bar__inner">
        <p className="cookie-bar__text">{t("consent.text")}</p>
        {failed && (
          <p className="cookie-bar__error" role="alert">
            {t("consent.error")}
          </p>
        )}
        <div className="cookie-bar__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              denyConsent();
              onDone();
            }}
          >
            {t("consent.deny")}
          </button>
          <button type="button" className="button button--secondary" onClick={onConfigure}>
            {t("consent.configure")}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={acceptAll}>
            {t("consent.acceptAll")}
          </button>
        </div>
      </div>
    </section>
  );
}

interface GroupCheckboxProps {
  group: ConsentGroup;
  selected: ReadonlySet<string>;
  describedBy: string;
  onChange(checked: boolean): void;
}

function GroupCheckbox({ group, selected, describedBy, onChange }: GroupCheckboxProps) {
  const state = groupState(group, selected);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "indeterminate";
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === "checked"}
      disabled={group.required}
      aria-checked={state === "indeterminate" ? "mixed" : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function CookieSettings({ onSaved }: { onSaved(): void }) {
  const { t } = useI18n();
  const [groups, setGroups] = useState<ConsentGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const id = useId();
  useEffect(() => {
    let live = true;
    fetchGroups()
      .then((loaded) => {
        if (!live) return;
        setGroups(loaded);
        setSelected(activeCookies(loaded));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <p role="alert">{t("consent.error")}</p>;
  if (!groups) return <p role="status">{t("consent.loading")}</p>;

  const toggle = (names: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const name of names) {
        if (checked) next.add(name);
        else next.delete(name);
      }
      return next;
    });
  const save = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(groups, selected);
    onSaved();
  };
  return (
    <form className="cookie-settings" onSubmit={save}>
      <p className="cookie-settings__intro">{t("consent.intro")}</p>
      {groups.map((group, index) => {
        const shown = group.cookies.filter((cookie) => !cookie.hidden);
        const optional = selectableCookies(group).map((cookie) => cookie.cookie);
        const descriptionId = `${id}-${index}`;
        return (
          <div key={group.technicalName} className="cookie-group" role="group" aria-label={group.name}>
            <label className="cookie-group__label">
              <GroupCheckbox group={group} selected={selected} describedBy={descriptionId} onChange={(checked) => toggle(optional, checked)} />
              <span>{group.name}</span>
            </label>
            <p id={descriptionId} className="cookie-group__description">
              {group.description}
            </p>
            <ul className="cookie-group__cookies">
              {shown.map((cookie) => (
                <li key={cookie.cookie}>
                  <label className="cookie-group__cookie">
                    <input
                      type="checkbox"
                      checked={group.required || selected.has(cookie.cookie)}
                      disabled={group.required || cookie.value === null}
                      onChange={(event) => toggle([cookie.cookie], event.target.checked)}
                    />
                    <span>{cookie.name}</span>
                  </label>
                  <span className="cookie-group__facts">
                    <code>{cookie.value === null ? cookie.cookie : `${cookie.cookie}=${cookie.value}`}</code>
                    {cookie.expirationDays !== null && <> · {t("consent.expires", { days: cookie.expirationDays })}</>}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <div className="cookie-settings__actions">
        <button type="submit" className="button button--secondary">
          {t("consent.save")}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            saveConsent(groups, allCookies(groups));
            onSaved();
          }}
        >
          {t("consent.acceptAll")}
        </button>
      </div>
    </form>
  );
}

export interface CookieConsentProps {
  bar: boolean;
  panelOpen: boolean;
  onBarDone(): void;
  onPanelOpenChange(open: boolean): void;
}

/**
 * The cookie bar (while no `cookie-preference` exists) and the cookie settings panel from the left
 * (spec §4): Deny, Configure, Accept all cookies; in the panel a checkbox per group (checked,
 * indeterminate or not) and per cookie, Save selection and Accept all cookies.
 */
export default function CookieConsent({ bar, panelOpen, onBarDone, onPanelOpenChange }: CookieConsentProps) {
  const { t } = useI18n();
  return (
    <>
      {bar && (
        <CookieBar
          onDone={onBarDone}
          onConfigure={() => {
            onBarDone();
            onPanelOpenChange(true);
          }}
        />
      )}
      <Offcanvas open={panelOpen} onOpenChange={onPanelOpenChange} side="left" title={t("consent.panel")} className="offcanvas-cookies">
        <CookieSettings onSaved={() => onPanelOpenChange(false)} />
      </Offcanvas>
    </>
  );
}
