import { describe, expect, it } from "vitest";
import { en } from "../../../kernel/i18n/en";
import { translator } from "../../../kernel/i18n/translator";
import { initialSuggestState, optionCount, resultCountText, stepHighlight, suggestReducer, type SuggestAnswer, type SuggestState } from "./suggest";

const answer = (items: number, total = items): SuggestAnswer => ({
  term: "lamp",
  total,
  totalCapped: false,
  items: Array.from({ length: items }, () => ({}) as SuggestAnswer["items"][number]),
});

const open = (items: number, active = -1): SuggestState => ({ answer: answer(items), open: true, active, loading: false });

describe("optionCount", () => {
  it("counts the products and the Show all row", () => {
    expect(optionCount(answer(10, 18))).toBe(11);
    expect(optionCount(answer(1))).toBe(2);
  });

  it("offers no rows when nothing matched or nothing was asked", () => {
    expect(optionCount(answer(0))).toBe(0);
    expect(optionCount(null)).toBe(0);
  });
});

describe("stepHighlight", () => {
  it("starts at the first row going down and at the last going up", () => {
    expect(stepHighlight(-1, 1, 4)).toBe(0);
    expect(stepHighlight(-1, -1, 4)).toBe(3);
  });

  it("wraps around at both ends", () => {
    expect(stepHighlight(3, 1, 4)).toBe(0);
    expect(stepHighlight(0, -1, 4)).toBe(3);
    expect(stepHighlight(1, 1, 4)).toBe(2);
  });

  it("highlights nothing without rows", () => {
    expect(stepHighlight(-1, 1, 0)).toBe(-1);
  });
});

describe("suggestReducer", () => {
  it("opens on typing, shows a request as loading and its answer with nothing highlighted", () => {
    const typed = suggestReducer(initialSuggestState, { type: "typed" });
    const loading = suggestReducer(typed, { type: "requested" });
    expect(loading).toMatchObject({ open: true, loading: true });
    expect(suggestReducer(loading, { type: "answered", answer: answer(3) })).toEqual({ answer: answer(3), open: true, active: -1, loading: false });
  });

  it("keeps a closed list closed when a late answer arrives, until it is opened again", () => {
    const closed = suggestReducer({ ...open(2, 1), loading: true }, { type: "closed" });
    const answered = suggestReducer(closed, { type: "answered", answer: answer(3) });
    expect(answered).toMatchObject({ open: false, active: -1, loading: false, answer: answer(3) });
    expect(suggestReducer(answered, { type: "opened" }).open).toBe(true);
  });

  it("moves the highlight through the products and the Show all row, wrapping around", () => {
    let state = open(2);
    state = suggestReducer(state, { type: "moved", step: 1 });
    expect(state.active).toBe(0);
    state = suggestReducer(state, { type: "moved", step: -1 });
    expect(state.active).toBe(2);
    state = suggestReducer(state, { type: "moved", step: 1 });
    expect(state.active).toBe(0);
  });

  it("reopens a closed list from the first row", () => {
    const closed = suggestReducer(open(2, 1), { type: "closed" });
    expect(closed).toMatchObject({ open: false, active: -1 });
    expect(suggestReducer(closed, { type: "moved", step: 1 })).toMatchObject({ open: true, active: 0 });
  });

  it("does not move without rows", () => {
    const none = open(0);
    expect(suggestReducer(none, { type: "moved", step: 1 })).toBe(none);
    expect(suggestReducer(initialSuggestState, { type: "moved", step: -1 })).toBe(initialSuggestState);
  });

  it("drops the highlight on typing, so Enter searches for the text, and reopens a closed list", () => {
    expect(suggestReducer(open(3, 2), { type: "typed" })).toMatchObject({ open: true, active: -1 });
    expect(suggestReducer({ ...open(3), open: false }, { type: "typed" }).open).toBe(true);
  });

  it("opens again only with an answer to show", () => {
    expect(suggestReducer(initialSuggestState, { type: "opened" })).toBe(initialSuggestState);
    expect(suggestReducer({ ...open(2), open: false }, { type: "opened" }).open).toBe(true);
  });

  it("forgets everything when cleared", () => {
    expect(suggestReducer({ ...open(2, 1), loading: true }, { type: "cleared" })).toEqual(initialSuggestState);
  });
});

describe("resultCountText", () => {
  const t = translator(en);
  it("counts the results, singular for one, and says when there are none", () => {
    expect(resultCountText(t, { total: 18, totalCapped: false })).toBe("18 results");
    expect(resultCountText(t, { total: 1, totalCapped: false })).toBe("1 result");
    expect(resultCountText(t, { total: 0, totalCapped: false })).toBe("No results found.");
  });

  it("says a count that stopped at the server's limit is a lower bound", () => {
    expect(resultCountText(t, { total: 1000, totalCapped: true })).toBe("More than 1000 results");
  });
});
