import { useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import { useRoutePath } from "../../ui/use-route-path";

/** A plain GET form to the search page; live suggestions come with the search feature. */
export function SearchForm() {
  const { t } = useI18n();
  const path = useRoutePath();
  const [params] = useSearchParams();
  return (
    <form className="search-form" action={path("frontend.search.page")} method="get" role="search">
      <input
        type="search"
        name="search"
        aria-label={t("header.search")}
        placeholder={t("header.searchPlaceholder")}
        defaultValue={params.get("search") ?? ""}
        autoComplete="off"
        autoCapitalize="off"
        maxLength={200}
        className="search-form__input"
      />
      <button type="submit" className="search-form__submit" aria-label={t("header.searchSubmit")}>
        <Icon name="search" />
      </button>
    </form>
  );
}
