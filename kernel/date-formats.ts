/**
 * The date picker's formats (spec §9), in flatpickr's tokens. The submitted value is ISO-like (`Y-m-d`,
 * `Y-m-d H:i` with a time) whatever the language; the shopper sees the display format of the page's
 * language.
 */
export const DATE_VALUE_FORMAT = { date: "Y-m-d", dateTime: "Y-m-d H:i" } as const;

/**
 * Whether typed text is already a complete value in the submitted format (`1990-04-01`, what a native
 * date field takes): the date picker then takes it as it is instead of reading it in the display format.
 */
export function isTypedDateValue(text: string, withTime = false): boolean {
  return (withTime ? /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ : /^\d{4}-\d{2}-\d{2}$/).test(text.trim());
}

/** Display formats by language (spec §9): de 'd. F Y'/'H:i', en 'F J, Y'/'h:i K', others 'Y-m-d'/'H:i'. */
export const DATE_DISPLAY_FORMATS: Record<string, { date: string; time: string }> = {
  de: { date: "d. F Y", time: "H:i" },
  en: { date: "F J, Y", time: "h:i K" },
};
const OTHER_LANGUAGES = { date: "Y-m-d", time: "H:i" };

/** The format the date picker shows a date (and time) in, for a language. */
export function dateDisplayFormat(locale: string, withTime = false): string {
  const formats = DATE_DISPLAY_FORMATS[locale.slice(0, 2).toLowerCase()] ?? OTHER_LANGUAGES;
  return withTime ? `${formats.date} ${formats.time}` : formats.date;
}

/** Today as `Y-m-d` in the browser's or server's time zone (the latest possible birthday). */
export function isoToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Earliest birthday the shop takes (older dates are typing mistakes). */
export const BIRTHDAY_MIN = "1900-01-01";
