import { createContext } from "react-router";
import type { Locale } from "../kernel/i18n/locales";
import type { AppServices } from "./services";

/** The domain services, for route loaders and actions. */
export const servicesContext = createContext<AppServices>();

/** Per request facts the server works out before React Router runs. */
export interface RequestInfo {
  /** The CSP nonce of this response; none for a shared page, whose inline scripts are allowed by hash. */
  nonce: string | undefined;
  /** A page rendered once for every visitor of its language (server/http/page-cache.ts): sent whole, not streamed. */
  shared: boolean;
  /** Filled by the loaders of shared pages: what the page shows (`productTag`), so a change there drops it. */
  pageTags: Set<string>;
  locale: Locale;
  /** The visitor's IP address when known (see server/http/client-ip.ts). */
  clientIp: string | undefined;
}
export const requestInfoContext = createContext<RequestInfo>();
