import { createContext, useContext } from "react";

/** The CSP nonce of this response; none in the browser, where scripts are already in place, and none on a shared page. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
