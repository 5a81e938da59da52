import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { CountryOption, CountryStateData } from "../../../server/customer/types";
import { postJson } from "../../lib/http";
import { rulesFromDataset, rulesOf, stateFieldState, type CountryRules } from "./country-rules";

/**
 * Country → state, postal code and VAT id rules of an address form (spec §5, reference §9.5). The
 * country's rules come from its option's data attributes; its states from the country-data route.
 * Until the answer arrives (or if it fails) the states the page came with are shown.
 */
export function useCountryRules(countries: CountryOption[], initial: { countryId: string; stateId: string }) {
  const [countryId, setCountryId] = useState(initial.countryId);
  const [stateId, setStateId] = useState(initial.stateId);
  const [rules, setRules] = useState<CountryRules>(() => rulesOf(countries.find((c) => c.id === initial.countryId)));
  const [answer, setAnswer] = useState<{ countryId: string; data: CountryStateData } | null>(null);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  function onCountryChange(event: ChangeEvent<HTMLSelectElement>) {
    const id = event.target.value;
    setCountryId(id);
    setStateId("");
    setRules(rulesFromDataset(event.target.selectedOptions[0]?.dataset));
    pending.current?.abort();
    if (!id) return;
    const controller = new AbortController();
    pending.current = controller;
    postJson<CountryStateData>("frontend.country.country.data", { countryId: id }, { signal: controller.signal })
      .then((data) => {
        if (!controller.signal.aborted) setAnswer({ countryId: id, data });
      })
      .catch(() => {
        // Refused, aborted or offline: the states the page came with stay.
      });
  }

  const fresh = answer?.countryId === countryId ? answer.data : null;
  const states = fresh
    ? fresh.states.map((state) => ({ id: state.id, name: state.translated.name }))
    : (countries.find((c) => c.id === countryId)?.states ?? []);
  const stateRequired = fresh ? fresh.stateRequired : rules.stateRequired;
  return {
    countryId,
    onCountryChange,
    stateId,
    setStateId,
    states,
    state: { ...stateFieldState(states.length, stateRequired) },
    zipcodeRequired: rules.zipcodeRequired,
    vatIdRequired: rules.vatIdRequired,
  };
}
