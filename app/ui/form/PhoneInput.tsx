import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import type { Iso2, Iti, ItiUtils, UiTranslations } from "intl-tel-input";
import { useI18n } from "../../i18n/i18n";
import { debounce } from "../../lib/debounce";
import { http } from "../../lib/http";
import {
  e164FieldName,
  PHONE_FULLSCREEN_MAX_WIDTH_PX,
  PHONE_NUMBER_TYPES,
  PHONE_VALIDATE_DEBOUNCE_MS,
  phoneProblem,
  type PhoneProblem,
} from "../../../kernel/phone";
import { routeUrl } from "../../lib/routes";
import { fieldErrorKey, CUSTOM_ERROR_CODE_ATTRIBUTE } from "./form-validation";
import "./PhoneInput.css";

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "defaultValue">;

interface PhoneInputProps extends NativeProps {
  id: string;
  name: string;
  defaultValue?: string;
  /**
   * ISO code of the country the form has selected (the address's country): the field starts with it,
   * and follows it while the field is empty. Without one, the geo-IP lookup may preset a country.
   */
  country?: string;
  /** The finding of every check: a spec §5 kind, or null when the number is fine (or empty). */
  onValidated?(problem: PhoneProblem | null): void;
}

/**
 * The phone field of spec §3/§5 (CONTRACT: **Phone number**). The server renders a plain
 * `<input type="tel">` (it works without JavaScript; the server checks the number). After hydration
 * intl-tel-input is loaded on demand (never in the first-load JavaScript) with flags, the selected dial
 * code, country search and libphonenumber's utils. It checks the number on change and 1 s after the last
 * keystroke, rewrites a valid one in the display format and puts its E.164 form into the hidden sibling.
 */
export function PhoneInput({ id, name, defaultValue, country, onValidated, ...native }: PhoneInputProps) {
  const { t, locale } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const widget = useRef<{ iti: Iti; utils: ItiUtils } | null>(null);
  const [e164, setE164] = useState("");
  // The latest props, for the widget's listeners (set up once).
  const latest = useRef({ onValidated, t, country });
  latest.current = { onValidated, t, country };

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    let cancelled = false;
    let teardown = () => {};

    function validate() {
      const loaded = widget.current;
      if (!loaded || !element) return;
      const raw = element.value;
      const formCountry = latest.current.country?.toLowerCase();
      // A number without its own country code belongs to the form's country when the widget lost its
      // own (after an unknown code was typed).
      if (!loaded.iti.getSelectedCountry() && !raw.trim().startsWith("+") && isIso2(formCountry)) {
        loaded.iti.setSelectedCountry(formCountry);
      }
      const selected = loaded.iti.getSelectedCountry();
      const full = fullNumber(raw, selected?.dialCode);
      const problem = phoneProblem(full, selected?.iso2, loaded.utils);
      const valid = problem === null && raw.trim() !== "";
      element.setCustomValidity(problem ? latest.current.t(fieldErrorKey(problem)) : "");
      if (problem) element.setAttribute(CUSTOM_ERROR_CODE_ATTRIBUTE, problem);
      else element.removeAttribute(CUSTOM_ERROR_CODE_ATTRIBUTE);
      if (valid) {
        const number = loaded.utils.formatNumber(full, selected?.iso2, "E164");
        // Rewritten in the display format (spec §5); the widget keeps the dial code beside the field.
        loaded.iti.setNumber(number);
        setE164(number);
      } else {
        setE164("");
      }
      latest.current.onValidated?.(problem);
    }

    const validateLater = debounce(validate, PHONE_VALIDATE_DEBOUNCE_MS);
    const validateNow = () => {
      validateLater.cancel();
      validate();
    };

    void loadPhoneWidget(locale).then(({ intlTelInput, uiTranslations }) => {
      if (cancelled || !element.isConnected) return;
      const preset = latest.current.country?.toLowerCase();
      // Before the widget binds its own listeners: ours must run first to stop them for a leading "+".
      element.addEventListener("keydown", keepLeadingPlus);
      element.addEventListener("input", keepLeadingPlus);
      const iti = intlTelInput(element, {
        showFlags: true,
        separateDialCode: true,
        countrySearch: true,
        numberDisplayFormat: "NATIONAL",
        placeholderNumberPolicy: "AGGRESSIVE",
        allowedNumberTypes: PHONE_NUMBER_TYPES,
        // Rewritten once the number is valid (spec §5), not on every keystroke.
        formatAsYouType: false,
        countrySelectorMode: prefersFullscreenPopup() ? "FULLSCREEN" : "DROPDOWN",
        // In a modal (the address editor) the full-screen list must sit inside the dialog: a modal dialog
        // keeps focus and pointer events to itself, so a list mounted on the body could not be used.
        fullscreenParent: element.closest<HTMLElement>('[role="dialog"]'),
        countryNameLocale: locale,
        uiTranslations,
        initialCountry: isIso2(preset) ? preset : "",
        initialCountryLookup: isIso2(preset) ? null : lookupCountry,
        // The utils come from our own build (spec §7: the theme's asset path), on demand.
        loadUtils: () => import("intl-tel-input/utils"),
      });
      element.addEventListener("input", validateLater);
      element.addEventListener("change", validateNow);
      element.addEventListener("countrychange", validateNow);
      teardown = () => {
        element.removeEventListener("keydown", keepLeadingPlus);
        element.removeEventListener("input", keepLeadingPlus);
        element.removeEventListener("input", validateLater);
        element.removeEventListener("change", validateNow);
        element.removeEventListener("countrychange", validateNow);
        iti.destroy();
      };
      void iti.promise.then(() => {
        if (cancelled || !intlTelInput.utils) return;
        widget.current = { iti, utils: intlTelInput.utils };
        // A number the page came with (a refused form) is checked and formatted at once.
        if (element.value.trim()) validateNow();
      });
    });

    return () => {
      cancelled = true;
      validateLater.cancel();
      widget.current = null;
      teardown();
    };
  }, [locale]);

  // While the field is empty it follows the form's country (the address's country).
  useEffect(() => {
    const loaded = widget.current;
    const iso2 = country?.toLowerCase();
    if (loaded && isIso2(iso2) && input.current?.value.trim() === "") loaded.iti.setSelectedCountry(iso2);
  }, [country]);

  return (
    <div className="phone-input">
      <input ref={input} id={id} name={name} type="tel" defaultValue={defaultValue} {...native} />
      <input type="hidden" name={e164FieldName(name)} value={e164} />
    </div>
  );
}

/** The number with the selected dial code in front, as the widget reads it (the dial code sits beside the field). */
export function fullNumber(raw: string, dialCode: string | undefined): string {
  const value = raw.trim();
  return dialCode && !value.startsWith("+") && /\d/.test(value) ? `+${dialCode}${value}` : value;
}

/**
 * With the dial code beside the field and a country search, intl-tel-input answers a typed "+" by opening
 * the search with "+" in it (on keydown; on Android, whose keyboards send no key names, on input), so a
 * number typed key by key lands in the search box ("No results found") and the field stays empty. A "+"
 * that starts the number stays in the field instead: the widget then picks the country from the dial code
 * typed after it and moves the code beside the field, as it does for a pasted number. A "+" elsewhere is
 * left to the widget. Bound before the widget's own listeners, so stopping the event keeps it from them.
 */
function keepLeadingPlus(event: Event) {
  const field = event.currentTarget as HTMLInputElement;
  if (event instanceof KeyboardEvent) {
    if (event.key !== "+" || event.ctrlKey || event.metaKey || event.altKey) return;
    const rest = field.value.slice(field.selectionEnd ?? field.value.length);
    if (field.selectionStart === 0 && !rest.startsWith("+")) event.stopImmediatePropagation();
  } else if (event instanceof InputEvent && event.inputType !== "insertFromPaste" && event.data === "+") {
    const leading = field.selectionStart === 1 && field.value.lastIndexOf("+") === 0;
    if (!leading) return;
    event.stopImmediatePropagation();
    // The widget's country detection, the validation and the form's listeners still hear of the input.
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

function isIso2(value: string | undefined): value is Iso2 {
  return typeof value === "string" && /^[a-z]{2}$/.test(value);
}

/** Spec §9: a full-screen country list on mobile user agents or viewports up to 500 px wide. */
function prefersFullscreenPopup(): boolean {
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  const mobileAgent = uaData?.mobile ?? /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
  return mobileAgent || window.matchMedia(`(max-width: ${PHONE_FULLSCREEN_MAX_WIDTH_PX}px)`).matches;
}

/** The visitor's country from our geo-IP endpoint; a failure (or 204: unknown) leaves the country open. */
async function lookupCountry(): Promise<Iso2> {
  const response = await http(routeUrl("frontend.geoip.country"));
  if (response.status !== 200) throw new Error("No country for this visitor");
  const { countryCode } = (await response.json()) as { countryCode?: string };
  const iso2 = countryCode?.toLowerCase();
  if (!isIso2(iso2)) throw new Error("No country for this visitor");
  return iso2;
}

/** intl-tel-input, its styles (flags served from our build) and its texts in the page's language. */
async function loadPhoneWidget(locale: string) {
  const [{ default: intlTelInput }, uiTranslations] = await Promise.all([
    import("intl-tel-input"),
    // Each locale file's default export is its texts (the package types every file as the index).
    locale === "de"
      ? import("intl-tel-input/locale/de").then((m) => (m as unknown as { default: UiTranslations }).default)
      : Promise.resolve({}),
    import("intl-tel-input/styles"),
  ]);
  return { intlTelInput, uiTranslations };
}
