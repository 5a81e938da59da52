import { singular } from "./lexicon";
import { normalize, words } from "./text";

/*
 * The shop's own words the interpreter knows (issue 25): category, manufacturer and property option
 * names, built from the catalog (./vocabulary-source.ts reads them). Each name becomes one or more
 * phrases of normalized singular words that a query may contain.
 */

export type VocabularyKind = "category" | "manufacturer" | "option";

export interface VocabularyEntry {
  kind: VocabularyKind;
  id: string;
  /** As the shop names it ("Footwear", "Red", "Kestrel Labs"). */
  name: string;
  /** An option's property group ("Colour", "Material"). */
  group?: string;
}

export interface Phrase {
  words: string[];
  entry: VocabularyEntry;
}

const phraseWords = (text: string) => words(text).map(singular);

/** Groups whose values are matched by any of their words ("black" finds "Matte black" and "Black and chrome"). */
const WORDY_GROUPS = new Set(["colour", "color", "material", "farbe"]);

/** Whether a property group is the colour group (its options are shown as colours in reasons). */
export const isColourGroup = (group: string | undefined) => !!group && ["colour", "color", "farbe"].includes(normalize(group));

/** The phrases one entry can be found by. */
function phrasesOf(entry: VocabularyEntry): string[][] {
  const whole = phraseWords(entry.name);
  if (whole.length === 0) return [];
  switch (entry.kind) {
    case "category":
      // "Computers & Accessories": either side alone names it too.
      return [whole, ...entry.name.split(/&|,|\band\b/).map(phraseWords).filter((p) => p.length > 0 && p.join(" ") !== whole.join(" "))];
    case "manufacturer":
      // "Kestrel Labs" is also "Kestrel"; a short first word ("Pace & Co.") would find too much.
      return whole.length > 1 && whole[0]!.length >= 4 ? [whole, [whole[0]!]] : [whole];
    case "option": {
      // Sizes like "M", "42" or "XL" are not wishes a sentence makes without their unit.
      if (!/\p{L}/u.test(entry.name) || whole.join("").length < 3) return [];
      if (!WORDY_GROUPS.has(normalize(entry.group ?? ""))) return [whole];
      const single = whole.filter((word) => word.length >= 3 && !["and", "with"].includes(word)).map((word) => [word]);
      return [whole, ...single];
    }
  }
}

/** The phrase index: longest phrases first, so "stainless steel" wins over "steel". */
export function buildPhrases(entries: readonly VocabularyEntry[]): Phrase[] {
  const seen = new Set<string>();
  const phrases: Phrase[] = [];
  for (const entry of entries) {
    for (const phrase of phrasesOf(entry)) {
      const key = `${entry.kind}:${entry.id}:${phrase.join(" ")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      phrases.push({ words: phrase, entry });
    }
  }
  return phrases.sort((a, b) => b.words.length - a.words.length);
}
