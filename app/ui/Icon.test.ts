import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { IconName } from "./Icon";

/** Every name `Icon` accepts; the type check refuses a missing or unknown one. */
const NAMES: Record<IconName, true> = {
  search: true,
  cart: true,
  heart: true,
  heartFilled: true,
  user: true,
  menu: true,
  chevronDown: true,
  close: true,
  chevronRight: true,
  chevronLeft: true,
  arrowUp: true,
  truck: true,
  check: true,
  reload: true,
  play: true,
  zoomIn: true,
  zoomOut: true,
  fit: true,
};

describe("the icon sprite", () => {
  const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
  const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"([^>]*)>/g)];

  it("holds a symbol for every icon name and nothing else", () => {
    expect(symbols.map(([, id]) => id).sort()).toEqual(Object.keys(NAMES).sort());
  });

  it("draws each on the 24-unit grid in the current text colour", () => {
    for (const [, , attributes] of symbols) expect(attributes).toContain('viewBox="0 0 24 24"');
    const fills = [...sprite.matchAll(/<path [^>]*fill="([^"]+)"/g)].map(([, fill]) => fill);
    expect(fills).toHaveLength(symbols.length);
    expect(new Set(fills)).toEqual(new Set(["currentColor"]));
  });
});
