import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

export type SeoTarget =
  | { kind: "category"; id: string; canonicalPath: string }
  | { kind: "product"; variantId: string; canonicalPath: string };

/**
 * Finds the page behind an SEO path. Category paths end in a slash; a path that only differs by that
 * slash still resolves, so the caller can redirect to the canonical path.
 */
export async function resolveSeoPath(db: Database, salesChannelId: string, path: string): Promise<SeoTarget | null> {
  const alternative = path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
  const rows = await queryRows<{ route_name: string; foreign_key: string; path: string; canonical: string | null }>(
    db,
    sql`select s.route_name, s.foreign_key, s.path,
          (select c.path from seo_url c where c.sales_channel_id = s.sales_channel_id and c.route_name = s.route_name
            and c.foreign_key = s.foreign_key and c.is_canonical limit 1) as canonical
        from seo_url s
        where s.sales_channel_id = ${salesChannelId} and s.path in (${path}, ${alternative})
        order by (s.path = ${path}) desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const canonicalPath = row.canonical ?? row.path;
  return row.route_name === "frontend.navigation.page"
    ? { kind: "category", id: row.foreign_key, canonicalPath }
    : { kind: "product", variantId: row.foreign_key, canonicalPath };
}

/** Every canonical page URL of the sales channel, for sitemap.xml. */
export async function canonicalPaths(db: Database, salesChannelId: string): Promise<string[]> {
  const rows = await queryRows<{ path: string }>(
    db,
    sql`select s.path from seo_url s
        left join product_variant v on s.route_name = 'frontend.detail.page' and v.id = s.foreign_key
        left join product p on p.id = v.product_id
        left join category c on s.route_name = 'frontend.navigation.page' and c.id = s.foreign_key
        where s.sales_channel_id = ${salesChannelId} and s.is_canonical
          and (coalesce(v.active and p.active, false) or coalesce(c.active, false))
        order by s.route_name desc, s.path`,
  );
  return rows.map((r) => r.path);
}

/** The canonical URL of a variant's page, or its technical path when it has none. */
export async function detailUrl(db: Database, variantId: string): Promise<string> {
  const rows = await queryRows<{ path: string }>(
    db,
    sql`select path from seo_url where foreign_key = ${variantId} and route_name = 'frontend.detail.page' and is_canonical limit 1`,
  );
  return rows[0]?.path ?? `/detail/${variantId}`;
}
