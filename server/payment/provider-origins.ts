/** The hosts a payment provider's browser code needs in the Content-Security-Policy, by directive. */
export interface ProviderOrigins {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  imgSrc: string[];
  formAction: string[];
}

export const NO_PROVIDER_ORIGINS: ProviderOrigins = { scriptSrc: [], connectSrc: [], frameSrc: [], imgSrc: [], formAction: [] };

/** The union of several providers' hosts (each once). */
export function mergeOrigins(...all: ProviderOrigins[]): ProviderOrigins {
  const merged = (pick: (o: ProviderOrigins) => string[]) => [...new Set(all.flatMap(pick))];
  return {
    scriptSrc: merged((o) => o.scriptSrc),
    connectSrc: merged((o) => o.connectSrc),
    frameSrc: merged((o) => o.frameSrc),
    imgSrc: merged((o) => o.imgSrc),
    formAction: merged((o) => o.formAction),
  };
}
