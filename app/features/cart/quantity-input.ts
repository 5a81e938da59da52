/**
 * The quantity a shopper typed, once it is one: a whole number of at least 1. Null while the field
 * holds something else (empty while retyping, "2.5", "-1"), which sends nothing; the server clamps the
 * rest to the line's bounds and says so.
 */
export function wantedQuantity(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const quantity = Number(value);
  return quantity >= 1 && Number.isSafeInteger(quantity) ? quantity : null;
}
