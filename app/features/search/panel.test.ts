import { describe, expect, it } from "vitest";
import { panelReducer, panelRows, type PanelAnswer } from "./panel";
import { initialSuggestState } from "./suggest";

const answer = (products: number, categories: number, manufacturers: number): PanelAnswer => ({
  term: "shoe",
  total: products,
  totalCapped: false,
  items: Array.from({ length: products }, () => ({}) as PanelAnswer["items"][number]),
  categories: Array.from({ length: categories }, () => ({}) as PanelAnswer["categories"][number]),
  manufacturers: Array.from({ length: manufacturers }, () => ({}) as PanelAnswer["manufacturers"][number]),
});

describe("panelRows", () => {
  it("orders products, Show all, categories, manufacturers and the AI search offer", () => {
    expect(panelRows(answer(3, 2, 1))).toEqual({ products: 0, showAll: 3, categories: 4, manufacturers: 6, aiSearch: 7, count: 8 });
  });

  it("leaves out empty groups, and Show all without products", () => {
    expect(panelRows(answer(0, 1, 0))).toEqual({ products: -1, showAll: -1, categories: 0, manufacturers: -1, aiSearch: 1, count: 2 });
  });

  it("offers the AI search when nothing matched, and nothing before the first answer", () => {
    expect(panelRows(answer(0, 0, 0))).toMatchObject({ aiSearch: 0, count: 1 });
    expect(panelRows(null).count).toBe(0);
  });
});

describe("panelReducer", () => {
  it("moves the highlight through all the panel's rows, wrapping around", () => {
    let state = panelReducer(initialSuggestState, { type: "typed" });
    state = panelReducer(state, { type: "answered", answer: answer(1, 1, 1) });
    const visited = [];
    for (let i = 0; i < 5; i++) {
      state = panelReducer(state, { type: "moved", step: 1 });
      visited.push(state.active);
    }
    expect(visited).toEqual([0, 1, 2, 3, 4]);
    expect(panelReducer(state, { type: "moved", step: 1 }).active).toBe(0);
  });
});
