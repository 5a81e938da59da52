import { describe, expect, it } from "vitest";
import { chunkPreloadsIn, type ManifestChunk } from "./client-manifest";

// The shape Vite writes: shared chunks under "_file" keys, entries under their source path.
const manifest: Record<string, ManifestChunk> = {
  "_runtime-a1.js": { file: "assets/runtime-a1.js", name: "rolldown-runtime" },
  "_chrome-b2.js": { file: "assets/chrome-b2.js", name: "chrome", imports: ["_runtime-a1.js"] },
  "_ProductView-c3.js": { file: "assets/ProductView-c3.js", name: "ProductView", imports: ["_runtime-a1.js", "_chrome-b2.js", "_icons-d4.js"] },
  "_ProductView-c3.css": { file: "assets/ProductView-c3.css", name: "ProductView" },
  "_icons-d4.js": { file: "assets/icons-d4.js", name: "icons", imports: ["_chrome-b2.js"] },
  "app/features/product/gallery/ZoomModal.tsx": { file: "assets/ZoomModal-e5.js", name: "ZoomModal", imports: ["_chrome-b2.js"] },
};

describe("chunkPreloadsIn", () => {
  it("gives the named chunk and everything it imports statically, each once, as URLs", () => {
    expect(chunkPreloadsIn(manifest, ["ProductView"]).sort()).toEqual(
      ["/assets/ProductView-c3.js", "/assets/chrome-b2.js", "/assets/icons-d4.js", "/assets/runtime-a1.js"].sort(),
    );
  });

  it("leaves out stylesheets and what the chunk only imports dynamically", () => {
    const urls = chunkPreloadsIn(manifest, ["ProductView"]);
    expect(urls.some((url) => url.endsWith(".css"))).toBe(false);
    expect(urls).not.toContain("/assets/ZoomModal-e5.js");
  });

  it("gives nothing for a name the build does not have", () => {
    expect(chunkPreloadsIn(manifest, ["CategoryView"])).toEqual([]);
  });
});
