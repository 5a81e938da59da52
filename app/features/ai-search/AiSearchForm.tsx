import { useId, type RefObject } from "react";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";

interface AiSearchFormProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed description; never for an empty one. */
  onSearch: (query: string) => void;
  maxLength: number;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The description and its counter. A GET form to the page itself, so it searches without JavaScript
 * (the loader runs the search); with JavaScript the page's script searches instead of loading the page.
 */
export function AiSearchForm({ value, onChange, onSearch, maxLength, textareaRef }: AiSearchFormProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const id = useId();
  return (
    <form
      className="ai-search__form"
      action={path("frontend.ai-search.page")}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const query = value.trim();
        if (query) onSearch(query);
      }}
    >
      <label className="ai-search__label" htmlFor={`${id}-query`}>
        {t("form.aiSearch.label")}
      </label>
      <textarea
        ref={textareaRef}
        id={`${id}-query`}
        className="ai-search__query"
        name="searchQuery"
        rows={3}
        maxLength={maxLength}
        aria-describedby={`${id}-counter`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="ai-search__actions">
        <p id={`${id}-counter`} className="ai-search__counter">
          {t("form.aiSearch.counter", { count: value.length, max: maxLength })}
        </p>
        <button type="submit" className="button button--primary">
          {t("form.aiSearch.submit")}
        </button>
      </div>
    </form>
  );
}
