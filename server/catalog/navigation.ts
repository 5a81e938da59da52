import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { category, seoUrl } from "./tables";
import type { Breadcrumb, CategoryNode } from "./types";

export interface CategoryRecord {
  id: string;
  parentId: string | null;
  name: string;
  description: string;
  path: string;
  url: string;
}

/** Every active category with its canonical URL, in tree order. Small by nature (shops have hundreds). */
export async function loadCategories(db: Database): Promise<CategoryRecord[]> {
  const rows = await db
    .select({
      id: category.id,
      parentId: category.parentId,
      name: category.name,
      description: category.description,
      path: category.path,
      seoPath: seoUrl.path,
    })
    .from(category)
    .leftJoin(
      seoUrl,
      and(
        eq(seoUrl.foreignKey, category.id),
        eq(seoUrl.routeName, "frontend.navigation.page"),
        eq(seoUrl.isCanonical, true),
      ),
    )
    .where(eq(category.active, true))
    .orderBy(asc(category.level), asc(category.position), asc(category.name));
  return rows.map(({ seoPath, ...row }) => ({ ...row, url: seoPath ?? `/navigation/${row.id}` }));
}

export function buildTree(categories: CategoryRecord[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const c of categories) nodes.set(c.id, { id: c.id, name: c.name, url: c.url, parentId: c.parentId, children: [] });
  const roots: CategoryNode[] = [];
  for (const c of categories) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (!c.parentId) roots.push(node);
  }
  return roots;
}

/** Ancestors from the root down to (and including) the category. */
export function breadcrumbsFor(categoryId: string, categories: CategoryRecord[]): Breadcrumb[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const trail: Breadcrumb[] = [];
  let current = byId.get(categoryId);
  while (current) {
    trail.unshift({ name: current.name, url: current.url });
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return trail;
}

/** The ids of a category and all its descendants, read from the materialised `path`. */
export function descendantIds(categoryId: string, categories: CategoryRecord[]): string[] {
  return categories.filter((c) => c.id === categoryId || c.path.includes(`|${categoryId}|`)).map((c) => c.id);
}
