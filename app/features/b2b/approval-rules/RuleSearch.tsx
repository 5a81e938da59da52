import { useEffect, useMemo } from "react";
import { Form, useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n";
import { debounce } from "../../../lib/debounce";
import { RULE_SEARCH_DEBOUNCE_MS } from "./rule-search";

/**
 * The searchbox **Search rules**: a GET form (Enter searches without JavaScript); with JavaScript the
 * page follows the typing, 250 ms after the last keystroke, replacing the history entry so Back leaves
 * the page instead of stepping through every term. The server filters.
 */
export function RuleSearch({ search }: { search: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const follow = useMemo(
    () =>
      debounce((term: string) => {
        const query = term ? `?${new URLSearchParams({ search: term })}` : "";
        void navigate({ search: query }, { replace: true });
      }, RULE_SEARCH_DEBOUNCE_MS),
    [navigate],
  );
  useEffect(() => () => follow.cancel(), [follow]);
  return (
    // `role="search"` on the form rather than a `<search>` element: the landmark in every browser.
    <Form method="get" role="search" className="rule-search" onSubmit={() => follow.cancel()}>
      <label htmlFor="rule-search" className="rule-search__label">
        {t("customer.approvalRules.search.label")}
      </label>
      <div className="rule-search__row">
        <input
          id="rule-search"
          type="search"
          name="search"
          maxLength={100}
          autoComplete="off"
          defaultValue={search}
          onChange={(event) => {
            const term = event.currentTarget.value.trim();
            if (term === search) follow.cancel();
            else follow(term);
          }}
        />
        <button type="submit" className="button button--secondary">
          {t("customer.approvalRules.search.submit")}
        </button>
      </div>
    </Form>
  );
}
