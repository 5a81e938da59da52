import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** Shape of `demo-assets/catalog.json`, as documented in `demo-assets/README.md`. */
const CategorySchema = z.object({
  slug: z.string().min(1),
  name: z.string().min(1),
  parent: z.string().min(1).nullable(),
  description: z.string(),
});

const OptionSchema = z.object({
  name: z.string().min(1),
  code: z.string().min(1),
  values: z.array(z.string().min(1)).min(1),
});

const VariantSchema = z.object({
  sku: z.string().min(1),
  options: z.record(z.string(), z.string()),
  price: z.number().nonnegative(),
  stock: z.number().int().nonnegative(),
  images: z.array(z.string().min(1)).optional(),
  modelVariant: z.string().min(1).optional(),
});

const ProductSchema = z.object({
  slug: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  categories: z.array(z.string().min(1)).min(1),
  manufacturer: z.string().min(1),
  price: z.number().nonnegative(),
  properties: z.record(z.string(), z.string()),
  options: z.array(OptionSchema),
  variants: z.array(VariantSchema).min(1),
  images: z.array(z.string().min(1)),
  model: z.string().min(1).optional(),
});

const CatalogSchema = z.object({
  schemaVersion: z.literal(1),
  currency: z.literal("EUR"),
  pricesIncludeVat: z.literal(true),
  imageDir: z.string().min(1),
  modelDir: z.string().min(1),
  categories: z.array(CategorySchema),
  products: z.array(ProductSchema),
});

export type CatalogCategory = z.infer<typeof CategorySchema>;
export type CatalogProduct = z.infer<typeof ProductSchema>;
export type CatalogVariant = z.infer<typeof VariantSchema>;
export type Catalog = z.infer<typeof CatalogSchema>;

export async function loadCatalog(assetsDir: string): Promise<Catalog> {
  const file = path.join(assetsDir, "catalog.json");
  const catalog = CatalogSchema.parse(JSON.parse(await readFile(file, "utf8")));
  assertConsistent(catalog);
  return catalog;
}

/** Cross-references that JSON validation cannot see; a broken catalog should fail loudly before anything is written. */
function assertConsistent(catalog: Catalog): void {
  const problems: string[] = [];
  const categorySlugs = new Set(catalog.categories.map((c) => c.slug));
  for (const category of catalog.categories) {
    if (category.parent && !categorySlugs.has(category.parent)) {
      problems.push(`category ${category.slug}: unknown parent ${category.parent}`);
    }
  }
  const skus = new Set<string>();
  for (const product of catalog.products) {
    for (const slug of product.categories) {
      if (!categorySlugs.has(slug)) problems.push(`product ${product.slug}: unknown category ${slug}`);
    }
    const offered = new Map(product.options.map((o) => [o.code, new Set(o.values)]));
    for (const variant of product.variants) {
      if (skus.has(variant.sku)) problems.push(`product ${product.slug}: duplicate sku ${variant.sku}`);
      skus.add(variant.sku);
      for (const [code, value] of Object.entries(variant.options)) {
        if (!offered.get(code)?.has(value)) problems.push(`variant ${variant.sku}: ${code}=${value} is not offered`);
      }
      for (const image of variant.images ?? []) {
        if (!product.images.includes(image))
          problems.push(`variant ${variant.sku}: image ${image} is not a product image`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`catalog.json is inconsistent:\n  ${problems.join("\n  ")}`);
}
