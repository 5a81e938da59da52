/**
 * The rule search asks the server this long after the last keystroke (spec: "Rule search debounce
 * 250 ms"). Kept free of kernel imports so the page's test can use it with fake timers.
 */
export const RULE_SEARCH_DEBOUNCE_MS = 250;
