import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import type { Instance } from "flatpickr/dist/types/instance";
import type { CustomLocale } from "flatpickr/dist/types/locale";
import { useI18n } from "../../i18n/i18n";
import { dateDisplayFormat, DATE_VALUE_FORMAT, isTypedDateValue } from "../../../kernel/date-formats";
import "./DateInput.css";

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange" | "defaultValue" | "min" | "max">;

interface DateInputProps extends NativeProps {
  id: string;
  name: string;
  /** `Y-m-d` (or `Y-m-d H:i` with `withTime`). */
  defaultValue?: string;
  /** Earliest and latest date, `Y-m-d`. */
  min?: string;
  max?: string;
  /** A date with a time of day (24 h picker). */
  withTime?: boolean;
}

/** Attributes of the field that the visible text input must carry once flatpickr has taken over. */
const MIRRORED_ATTRIBUTES = ["aria-invalid", "aria-describedby", "required", "disabled"];

/**
 * The date picker of spec §9. The server renders a native date input (it works without JavaScript and
 * submits `Y-m-d`). After hydration flatpickr is loaded on demand (never in the first-load JavaScript):
 * 24 h, week numbers, typing allowed (the display format, or the submitted format as a native field takes it),
 * the ISO-like value in the submitted field and the language's display format in a visible text input, which
 * takes over the field's id so its label and messages stay tied to it.
 */
export function DateInput({ id, name, defaultValue, min, max, withTime = false, ...native }: DateInputProps) {
  const { locale } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  // Once flatpickr runs, the rendered input only carries the value: React must not turn it back into a
  // visible date input (React sets `type` on every update) or give it the id the visible input took.
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    let cancelled = false;
    let teardown = () => {};
    void loadFlatpickr(locale).then(({ flatpickr, localeTexts }) => {
      if (cancelled || !element.isConnected) return;
      const picker: Instance = flatpickr(element, {
        dateFormat: withTime ? DATE_VALUE_FORMAT.dateTime : DATE_VALUE_FORMAT.date,
        altInput: true,
        altFormat: dateDisplayFormat(locale, withTime),
        altInputClass: "date-input__visible",
        allowInput: true,
        enableTime: withTime,
        time_24hr: true,
        weekNumbers: true,
        minDate: min,
        maxDate: max,
        ...(localeTexts ? { locale: localeTexts } : {}),
      });
      const visible = picker.altInput;
      if (!visible) return;
      // The label, hint and error name the visible input; the hidden one only carries the value.
      visible.id = id;
      element.removeAttribute("id");
      visible.autocomplete = element.autocomplete;
      const mirror = () => {
        for (const attribute of MIRRORED_ATTRIBUTES) {
          const value = element.getAttribute(attribute);
          if (value === null) visible.removeAttribute(attribute);
          else visible.setAttribute(attribute, value);
        }
      };
      mirror();
      const observer = new MutationObserver(mirror);
      observer.observe(element, { attributes: true, attributeFilter: MIRRORED_ATTRIBUTES });
      // Typing means the shopper does without the calendar: it closes, or it would cover what follows
      // (the profile's Save button). A complete value in the submitted format is taken at once; anything
      // else is read in the display format when the field is left.
      const onTyping = () => {
        picker.close();
        if (isTypedDateValue(visible.value, withTime)) picker.setDate(visible.value.trim(), true, picker.config.dateFormat);
      };
      visible.addEventListener("input", onTyping);
      setEnhanced(true);
      teardown = () => {
        visible.removeEventListener("input", onTyping);
        observer.disconnect();
        picker.destroy();
        setEnhanced(false);
      };
    });
    return () => {
      cancelled = true;
      teardown();
    };
  }, [id, locale, min, max, withTime]);

  return (
    <div className="date-input">
      <input
        ref={input}
        id={enhanced ? undefined : id}
        name={name}
        type={enhanced ? "hidden" : withTime ? "datetime-local" : "date"}
        defaultValue={defaultValue}
        min={min}
        max={max}
        {...native}
      />
    </div>
  );
}

/** flatpickr, its styles and, for German pages, its German texts. */
async function loadFlatpickr(locale: string): Promise<{ flatpickr: typeof import("flatpickr").default; localeTexts?: CustomLocale }> {
  const [{ default: flatpickr }, localeTexts] = await Promise.all([
    import("flatpickr"),
    locale === "de" ? import("flatpickr/dist/l10n/de.js").then((m) => m.German) : Promise.resolve(undefined),
    import("flatpickr/dist/flatpickr.min.css"),
  ]);
  return { flatpickr, localeTexts };
}
