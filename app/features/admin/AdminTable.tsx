import type { ReactNode } from "react";
import { Link } from "react-router";

export interface AdminColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Numbers and amounts align right. */
  numeric?: boolean;
}

/**
 * The console's table: a caption (what is listed), header cells with scope, one row per item, and a
 * sentence instead of an empty table.
 */
export function AdminTable<Row>({ caption, columns, rows, rowKey, empty }: { caption: string; columns: AdminColumn<Row>[]; rows: Row[]; rowKey(row: Row): string; empty: string }) {
  if (rows.length === 0) return <p className="admin__empty">{empty}</p>;
  return (
    <div className="admin__table-wrap">
      <table className="admin__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? "admin__numeric" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.numeric ? "admin__numeric" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Page links under a table: previous, the page's number of the total, next (the query keeps its other parameters). */
export function AdminPager({ page, pageCount, hrefOf, label }: { page: number; pageCount: number; hrefOf(page: number): string; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="admin__pager" aria-label={label}>
      {page > 1 ? <Link to={hrefOf(page - 1)}>Previous page</Link> : <span aria-hidden="true" />}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <Link to={hrefOf(page + 1)}>Next page</Link> : <span aria-hidden="true" />}
    </nav>
  );
}
