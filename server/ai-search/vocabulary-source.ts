import { asc, eq } from "drizzle-orm";
import { category, manufacturer, propertyGroup, propertyOption } from "../catalog/tables";
import type { Database } from "../db/client";
import type { VocabularyEntry } from "./vocabulary";

/**
 * The interpreter's vocabulary from the catalog: active categories, manufacturers and the options of
 * filterable property groups (the ones a listing can filter by, so every understood option is a filter).
 */
export async function loadVocabulary(db: Database): Promise<VocabularyEntry[]> {
  const [categories, manufacturers, options] = await Promise.all([
    db.select({ id: category.id, name: category.name }).from(category).where(eq(category.active, true)).orderBy(asc(category.path), asc(category.position)),
    db.select({ id: manufacturer.id, name: manufacturer.name }).from(manufacturer).orderBy(asc(manufacturer.name)),
    db
      .select({ id: propertyOption.id, name: propertyOption.name, group: propertyGroup.name })
      .from(propertyOption)
      .innerJoin(propertyGroup, eq(propertyGroup.id, propertyOption.groupId))
      .where(eq(propertyGroup.filterable, true))
      .orderBy(asc(propertyGroup.position), asc(propertyOption.position)),
  ]);
  return [
    ...categories.map((row) => ({ kind: "category" as const, ...row })),
    ...manufacturers.map((row) => ({ kind: "manufacturer" as const, ...row })),
    ...options.map((row) => ({ kind: "option" as const, ...row })),
  ];
}
