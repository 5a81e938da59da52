import type { MessageKey, Messages } from "./en";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A translator over one language's messages; a missing message shows its key rather than nothing. */
export function translator(messages: Partial<Messages>): Translate {
  return (key, values) => {
    const text = messages[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match)) : text;
  };
}
