import type { FilterPanelData } from "../../../server/catalog/filters";
import type { Translate } from "../../../kernel/i18n/translator";
import type { FilterValues } from "../../../kernel/listing-params";

/** One active-filter label (spec §3): its text, an optional preview, and the values without it. */
export interface ActiveFilterLabel {
  id: string;
  label: string;
  previewHex: string | null;
  previewImageUrl: string | null;
  without: FilterValues;
}

/**
 * The labels of every active filter value, in panel order: manufacturers, property options (with
 * swatch or picture), price from/to, rating, free shipping, instant delivery. Ids the panel does not
 * know (an outdated link) are labelled by nothing and left out.
 */
export function activeFilterLabels(
  values: FilterValues,
  panel: FilterPanelData | null,
  t: Translate,
  formatPrice: (major: number) => string,
): ActiveFilterLabel[] {
  const labels: ActiveFilterLabel[] = [];
  const plain = { previewHex: null, previewImageUrl: null };
  for (const id of values.manufacturer) {
    const found = panel?.manufacturers.find((m) => m.id === id);
    if (found) labels.push({ id, label: found.name, ...plain, without: { ...values, manufacturer: values.manufacturer.filter((m) => m !== id) } });
  }
  for (const id of values.properties) {
    const option = panel?.properties.flatMap((g) => g.options).find((o) => o.id === id);
    if (option) {
      labels.push({
        id,
        label: option.name,
        previewHex: option.colorHex,
        previewImageUrl: option.colorHex ? null : option.imageUrl,
        without: { ...values, properties: values.properties.filter((p) => p !== id) },
      });
    }
  }
  if (values.minPrice) labels.push({ id: "min-price", label: t("filter.priceFrom", { price: formatPrice(Number(values.minPrice)) }), ...plain, without: { ...values, minPrice: "" } });
  if (values.maxPrice) labels.push({ id: "max-price", label: t("filter.priceTo", { price: formatPrice(Number(values.maxPrice)) }), ...plain, without: { ...values, maxPrice: "" } });
  if (values.rating) {
    const rating = Number(values.rating);
    labels.push({
      id: "rating",
      label: rating === 1 ? t("filter.ratingLabelOne") : t("filter.ratingLabel", { rating }),
      ...plain,
      without: { ...values, rating: "" },
    });
  }
  if (values.shippingFree) labels.push({ id: "shipping-free", label: t("filter.shippingFree"), ...plain, without: { ...values, shippingFree: false } });
  if (values.instantDelivery) labels.push({ id: "instant-delivery", label: t("filter.instantDelivery"), ...plain, without: { ...values, instantDelivery: false } });
  return labels;
}

