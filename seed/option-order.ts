/**
 * Sort order for property option values, so filters and variant pickers read naturally:
 * "XS, S, M, L", "8 GB, 16 GB, 1 TB", "1 m, 3 m, 5 m", "39, 40, 41".
 */

const CLOTHING_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** Factor to a common base unit per dimension, so "500 GB" sorts before "1 TB". */
const UNITS: Record<string, { dimension: string; factor: number }> = {
  mb: { dimension: "data", factor: 1 },
  gb: { dimension: "data", factor: 1e3 },
  tb: { dimension: "data", factor: 1e6 },
  mm: { dimension: "length", factor: 1 },
  cm: { dimension: "length", factor: 10 },
  m: { dimension: "length", factor: 1000 },
  inch: { dimension: "length", factor: 25.4 },
  g: { dimension: "mass", factor: 1 },
  oz: { dimension: "mass", factor: 28.35 },
  kg: { dimension: "mass", factor: 1000 },
  ml: { dimension: "volume", factor: 1 },
  l: { dimension: "volume", factor: 1000 },
};

const MEASUREMENT = /^(\d+(?:\.\d+)?)\s*([a-z]+)\b/i;

type SortKey =
  { kind: 0; rank: number } | { kind: 1; dimension: string; amount: number; text: string } | { kind: 2; text: string };

function sortKey(value: string): SortKey {
  const sizeRank = CLOTHING_SIZES.indexOf(value.toUpperCase());
  if (sizeRank >= 0) return { kind: 0, rank: sizeRank };
  const match = MEASUREMENT.exec(value);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (match && unit) return { kind: 1, dimension: unit.dimension, amount: Number(match[1]) * unit.factor, text: value };
  return { kind: 2, text: value };
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

export function compareOptionValues(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  if (ka.kind !== kb.kind) return ka.kind - kb.kind;
  if (ka.kind === 0 && kb.kind === 0) return ka.rank - kb.rank;
  if (ka.kind === 1 && kb.kind === 1) {
    return ka.dimension.localeCompare(kb.dimension) || ka.amount - kb.amount || collator.compare(ka.text, kb.text);
  }
  return collator.compare(a, b);
}
