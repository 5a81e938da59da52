/**
 * Key-value storage in the browser that never throws: `localStorage` when it works, else memory for
 * the page's lifetime (private modes, storage disabled or full, server rendering). Spec §3 keeps the
 * cart widget's content here.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** A store in memory only: the fallback, and a stand-in for tests. */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

/** Wraps a Web Storage area; a failing read or write falls back to memory instead of throwing. */
export function webStore(area: () => Storage): KeyValueStore {
  const fallback = memoryStore();
  return {
    get(key) {
      try {
        return area().getItem(key) ?? fallback.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    set(key, value) {
      try {
        area().setItem(key, value);
        fallback.remove(key);
      } catch {
        fallback.set(key, value);
      }
    },
    remove(key) {
      fallback.remove(key);
      try {
        area().removeItem(key);
      } catch {
        // Nothing stored there either.
      }
    },
  };
}

let local: KeyValueStore | undefined;

/** The browser's local storage, shared by every caller. */
export function localStore(): KeyValueStore {
  local ??= webStore(() => window.localStorage);
  return local;
}
