import { useCallback, useEffect, useRef, useState } from "react";
import type { AiSearchProducts } from "../../../server/ai-search/service";
import { outcomeOf, RefusedInput, type TermSearchAnswer, type TermSearchOutcome } from "./term-search-outcome";

/**
 * Runs a page's searches from its script: `run` turns what the shopper gave (a description, a photo)
 * into each term's products. A new search cancels the one still running, so a slow answer to an older
 * search never replaces the newer one's results; `reset` cancels and goes back to before a search.
 */
export function useTermSearch<Input>(initial: TermSearchOutcome, run: (input: Input, signal: AbortSignal) => Promise<TermSearchAnswer>) {
  const [outcome, setOutcome] = useState(initial);
  const running = useRef<AbortController | null>(null);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => () => running.current?.abort(), []);

  const search = useCallback(async (input: Input): Promise<AiSearchProducts[] | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setOutcome({ state: "loading" });
    try {
      const { results, byTestDouble } = await runRef.current(input, controller.signal);
      if (controller.signal.aborted) return null;
      setOutcome(outcomeOf(results, byTestDouble));
      return results;
    } catch (error) {
      if (!controller.signal.aborted) setOutcome(error instanceof RefusedInput ? { state: "error", refused: true } : { state: "error" });
      return null;
    }
  }, []);

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setOutcome({ state: "idle" });
  }, []);

  /** Shows results the page already has (from the server, or a cache) without searching. */
  const show = useCallback((results: AiSearchProducts[]) => {
    running.current?.abort();
    running.current = null;
    setOutcome(outcomeOf(results));
  }, []);

  return { outcome, search, reset, show, setOutcome };
}
