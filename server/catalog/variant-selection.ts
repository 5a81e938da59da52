export interface VariantOptions {
  id: string;
  productNumber: string;
  /** Ids of the property options that make up this variant. */
  optionIds: string[];
}

/**
 * Picks the variant for a configurator choice (spec §7 variant switch). An exact match wins. Otherwise
 * the variant that keeps the option the shopper just switched and as many other choices as possible,
 * so choosing a colour never silently drops that colour. Ties go to the earlier variant.
 */
export function chooseVariant(
  variants: VariantOptions[],
  selectedOptionIds: string[],
  switchedOptionId: string | undefined,
): VariantOptions | undefined {
  const wanted = new Set(selectedOptionIds);
  const candidates =
    switchedOptionId && variants.some((v) => v.optionIds.includes(switchedOptionId))
      ? variants.filter((v) => v.optionIds.includes(switchedOptionId))
      : variants;
  let best: VariantOptions | undefined;
  let bestScore = -1;
  for (const variant of candidates) {
    const score = variant.optionIds.filter((id) => wanted.has(id)).length;
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  return best;
}
