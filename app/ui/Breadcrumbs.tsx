import { Link } from "react-router";
import type { Breadcrumb } from "../../server/catalog/types";
import { useI18n } from "../i18n/i18n";

export function Breadcrumbs({ items, current }: { items: Breadcrumb[]; current?: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("breadcrumb")} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{t("footer.home")}</Link>
        </li>
        {items.map((item, index) => {
          const isLast = index === items.length - 1 && !current;
          return (
            <li key={item.url}>
              <Link to={item.url} aria-current={isLast ? "page" : undefined}>
                {item.name}
              </Link>
            </li>
          );
        })}
        {current && <li aria-current="page">{current}</li>}
      </ol>
    </nav>
  );
}
