import { createContext, useContext } from "react";

/** The CSP nonce of the document being server-rendered (app/entry.server.tsx provides it). In the
 * browser it is empty: the inline scripts already ran, and browsers hide the attribute's value. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
