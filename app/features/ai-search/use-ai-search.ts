import { useCallback, useEffect, useRef, useState } from "react";
import { outcomeOf, type AiSearchOutcome } from "./ai-search-outcome";
import { searchDescription } from "./ai-search-requests";

/**
 * Runs searches from the page's script. A new search cancels the one still running, so a slow answer
 * to an older description never replaces the newer one's results.
 */
export function useAiSearch(initial: AiSearchOutcome) {
  const [outcome, setOutcome] = useState(initial);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const search = useCallback(async (query: string) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setOutcome({ state: "loading" });
    try {
      const { results, byTestDouble } = await searchDescription(query, controller.signal);
      if (!controller.signal.aborted) setOutcome(outcomeOf(results, byTestDouble));
    } catch {
      if (!controller.signal.aborted) setOutcome({ state: "error" });
    }
  }, []);

  return { outcome, search };
}
