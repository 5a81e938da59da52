import { createContext, useContext } from "react";
import type { Messages } from "../../kernel/i18n/en";

/** The `<link>` that preloads the page texts; the browser entry reads the file it names before hydrating. */
export const PAGE_MESSAGES_LINK_ID = "page-messages";

export interface PageMessages {
  /** The texts' file (`/i18n/messages.<locale>.<hash>.json`), preloaded by every page's head. */
  path: string;
  messages: Partial<Messages>;
}

/**
 * The texts every page needs. The server render gets them from the server's tables
 * (app/entry.server.tsx), the browser from the file the page preloads (app/entry.client.tsx), so they
 * are not part of any page's data: once per language and visit instead of once per page.
 */
export const PageMessagesContext = createContext<PageMessages | undefined>(undefined);

export function usePageMessages() {
  return useContext(PageMessagesContext);
}

/**
 * Reads the texts the page preloads; undefined when the page names none. The fetch matches the
 * preload (same URL, CORS mode, same-origin credentials), so the browser answers it from that request.
 */
export async function loadPageMessages(): Promise<PageMessages | undefined> {
  const link = document.getElementById(PAGE_MESSAGES_LINK_ID);
  if (!(link instanceof HTMLLinkElement)) return undefined;
  const path = link.getAttribute("href") ?? "";
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return { path, messages: (await response.json()) as Partial<Messages> };
}
