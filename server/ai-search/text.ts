/*
 * Text helpers of the offline query interpreter: one normal form for queries and the shop's names
 * (lower case, accents folded, German sharp s and umlauts spelled out), words, and pg_trgm's trigram
 * similarity for typos.
 */

/** Lower case without accents: "Weiß" → "weiss", "Grün" → "gruen", "Café" → "cafe". */
export function normalize(value: string): string {
  return value
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/** The words of a text (letters and digits; a decimal point or comma between digits stays in the number). */
export function words(value: string): string[] {
  return normalize(value).match(/\d+(?:[.,]\d+)*|[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's `similarity` of two words: shared trigrams over all trigrams of both (0 to 1). */
export function trigramSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const gram of ta) if (tb.has(gram)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** The similarity from which a word of at least `TYPO_MIN_LENGTH` letters counts as a typo of another. */
export const TYPO_SIMILARITY = 0.4;
export const TYPO_MIN_LENGTH = 4;

/** Whether `typed` is `known` or a typo of it (both normalized single words). */
export function sameWord(typed: string, known: string): boolean {
  if (typed === known) return true;
  if (typed.length < TYPO_MIN_LENGTH || known.length < TYPO_MIN_LENGTH) return false;
  // Digits are never typos of each other: "16" is not "18".
  if (/\d/.test(typed) || /\d/.test(known)) return false;
  return trigramSimilarity(typed, known) >= TYPO_SIMILARITY;
}
