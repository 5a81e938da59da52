import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { MediaSource } from "./media";
import type { ListingAggregations } from "./types";

export interface FilterOption {
  id: string;
  name: string;
  /** Swatch of colour-like groups. */
  colorHex: string | null;
  /** Preview picture of image-like groups (the smallest rendition). */
  imageUrl: string | null;
}

export interface FilterGroup {
  id: string;
  name: string;
  displayType: "text" | "color" | "image";
  options: FilterOption[];
}

/** The filterable property groups and their options, in display order; changes only with the catalog. */
export async function loadFilterGroups(db: Database): Promise<FilterGroup[]> {
  const rows = await queryRows<{
    group_id: string;
    group_name: string;
    display_type: FilterGroup["displayType"];
    id: string;
    name: string;
    color_hex: string | null;
    sources: MediaSource[] | null;
  }>(
    db,
    sql`select g.id as group_id, g.name as group_name, g.display_type, o.id, o.name, o.color_hex, me.sources
        from property_group g join property_option o on o.group_id = g.id
        left join media me on me.id = o.media_id
        where g.filterable order by g.position, g.name, o.position, o.name`,
  );
  const groups = new Map<string, FilterGroup>();
  for (const row of rows) {
    let group = groups.get(row.group_id);
    if (!group) {
      group = { id: row.group_id, name: row.group_name, displayType: row.display_type, options: [] };
      groups.set(row.group_id, group);
    }
    group.options.push({ id: row.id, name: row.name, colorHex: row.color_hex, imageUrl: row.sources?.[0]?.url ?? null });
  }
  return [...groups.values()];
}

export interface FilterCount {
  id: string;
  name: string;
  count: number;
}

/** What the filter panel offers on one listing: only what occurs in it, each with its count. */
export interface FilterPanelData {
  manufacturers: FilterCount[];
  properties: (Omit<FilterGroup, "options"> & { options: (FilterOption & { count: number })[] })[];
  /** Lowest and highest price of the listing in minor units, without the price filter. */
  price: { min: number; max: number } | null;
  ratingMax: number;
  shippingFree: number;
  instantDelivery: number;
}

export function filterPanelData(groups: FilterGroup[], aggregations: ListingAggregations): FilterPanelData {
  return {
    manufacturers: aggregations.manufacturers,
    properties: groups.flatMap((group) => {
      const options = group.options.flatMap((option) => {
        const count = aggregations.options[option.id];
        return count === undefined ? [] : [{ ...option, count }];
      });
      return options.length ? [{ ...group, options }] : [];
    }),
    price: aggregations.price,
    ratingMax: aggregations.ratingMax,
    shippingFree: aggregations.shippingFree,
    instantDelivery: aggregations.instantDelivery,
  };
}
