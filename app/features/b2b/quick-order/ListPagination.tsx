import { useI18n } from "../../../i18n/i18n";
import { paginationWindow } from "./quick-order-list";

interface ListPaginationProps {
  page: number;
  pages: number;
  /** The id of the list's heading: each link leads there, and the handler shows its page. */
  listId: string;
  onPage(page: number): void;
}

/**
 * Links **Page N** to the list's pages (spec §4: hidden with one page, a window of up to 5). The list
 * lives in the browser, so a link shows the page in place and leads back up to the list's heading.
 */
export function ListPagination({ page, pages, listId, onPage }: ListPaginationProps) {
  const { t } = useI18n();
  const numbers = paginationWindow(page, pages);
  if (numbers.length === 0) return null;
  return (
    <nav className="quick-order-pagination" aria-label={t("customer.quickOrder.pagination")}>
      <ul>
        {numbers.map((number) => (
          <li key={number}>
            <a
              href={`#${listId}`}
              aria-label={t("customer.quickOrder.page", { page: number })}
              aria-current={number === page ? "page" : undefined}
              className="quick-order-pagination__link"
              onClick={(event) => {
                event.preventDefault();
                onPage(number);
              }}
            >
              {number}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
