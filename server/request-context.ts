import { createContext } from "react-router";
import type { Locale } from "../kernel/i18n/locales";
import type { AppServices } from "./services";

/** The domain services, for route loaders and actions. */
export const servicesContext = createContext<AppServices>();

/** Per request facts the server works out before React Router runs. */
export interface RequestInfo {
  nonce: string;
  locale: Locale;
  /** The visitor's IP address when known (see server/http/client-ip.ts). */
  clientIp: string | undefined;
}
export const requestInfoContext = createContext<RequestInfo>();
