import { useState, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { AddressBook } from "../../../server/customer/addresses";
import type { AddressView } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { AddressBlock } from "../../ui/AddressBlock";
import { Modal } from "../../ui/Modal";
import { useHydrated } from "../../ui/use-hydrated";
import { useRoutePath } from "../../ui/use-route-path";
import "./Address.css";

/** What the address book says after a change (`?notice=`), one per outcome. */
export const addressNotices = ["created", "updated", "deleted", "defaultBilling", "defaultShipping", "isDefault", "limit"] as const;
export type AddressNotice = (typeof addressNotices)[number];

const noticeKeys = {
  created: "address.notice.created",
  updated: "address.notice.updated",
  deleted: "address.notice.deleted",
  defaultBilling: "address.notice.defaultBilling",
  defaultShipping: "address.notice.defaultShipping",
  isDefault: "address.notice.isDefault",
  limit: "address.notice.limit",
} as const satisfies Record<AddressNotice, string>;

const problems: AddressNotice[] = ["isDefault", "limit"];

interface AddressBookViewProps {
  book: AddressBook & { maxAddresses: number };
  notice: AddressNotice | null;
  /** The address editor's openers for the default addresses, composed in by the route. */
  defaultActions?: ReactNode;
}

/** `/account/address`: the address cards with the defaults marked, edit, delete and "set as default". */
export function AddressBookView({ book, notice, defaultActions }: AddressBookViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const [deleting, setDeleting] = useState<AddressView | null>(null);
  const submit = useSubmit();
  const full = book.addresses.length >= book.maxAddresses;
  // The defaults first, then the rest in the order they were added.
  const rank = (a: AddressView) => (a.id === book.defaultBillingAddressId ? 0 : a.id === book.defaultShippingAddressId ? 1 : 2);
  const addresses = [...book.addresses].sort((a, b) => rank(a) - rank(b));
  return (
    <>
      <title>{`${t("address.book.title")} | ${t("shop.name")}`}</title>
      <div className="address-book__head">
        <div>
          <h1>{t("address.book.title")}</h1>
          <p className="address-book__lead">{t("address.book.lead")}</p>
        </div>
        {full ? (
          <p className="address-book__limit">{t("address.book.limit", { count: book.maxAddresses })}</p>
        ) : (
          <Link to={path("frontend.account.address.create.page")} className="button button--primary">
            {t("address.book.add")}
          </Link>
        )}
      </div>
      {notice && (
        <p className={`address-notice ${problems.includes(notice) ? "address-notice--problem" : ""}`} role={problems.includes(notice) ? "alert" : "status"}>
          {t(noticeKeys[notice], { count: book.maxAddresses })}
        </p>
      )}
      {defaultActions && book.addresses.length > 0 && <div className="address-book__defaults">{defaultActions}</div>}
      {addresses.length === 0 ? (
        <p>{t("address.book.empty")}</p>
      ) : (
        <ul className="address-cards">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                isBilling={address.id === book.defaultBillingAddressId}
                isShipping={address.id === book.defaultShippingAddressId}
                onDelete={() => setDeleting(address)}
              />
            </li>
          ))}
        </ul>
      )}
      <Modal open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={t("address.delete.title")}>
        {deleting && (
          <div className="address-confirm">
            <p>{t("address.delete.text", { name: `${deleting.firstName} ${deleting.lastName}`, street: deleting.street })}</p>
            <div className="address-confirm__actions">
              <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
                {t("address.delete.cancel")}
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  void submit({ intent: "delete", addressId: deleting.id }, { method: "post" });
                  setDeleting(null);
                }}
              >
                {t("address.delete.confirm")}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}

interface AddressCardProps {
  address: AddressView;
  isBilling: boolean;
  isShipping: boolean;
  onDelete(): void;
}

function AddressCard({ address, isBilling, isShipping, onDelete }: AddressCardProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const hydrated = useHydrated();
  const who = { name: `${address.firstName} ${address.lastName}`, street: address.street };
  const headingId = `address-${address.id}`;
  const isDefault = isBilling || isShipping;
  return (
    <article className={`address-card ${isDefault ? "address-card--default" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {who.name}, {who.street}
      </h2>
      {isDefault && (
        <ul className="address-card__badges">
          {isBilling && <li className="address-badge">{t("address.card.defaultBilling")}</li>}
          {isShipping && <li className="address-badge">{t("address.card.defaultShipping")}</li>}
        </ul>
      )}
      <AddressBlock address={address} />
      <div className="address-card__actions">
        <Link to={path("frontend.account.address.edit.page", { addressId: address.id })} className="button button--secondary button--small" aria-label={t("address.card.editLabel", who)}>
          {t("address.card.edit")}
        </Link>
        {!isDefault && (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="addressId" value={address.id} />
            <button
              type="submit"
              className="button button--secondary button--small"
              aria-label={t("address.card.deleteLabel", who)}
              // With JavaScript a dialog asks first; without it the form deletes at once.
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                onDelete();
              }}
            >
              {t("address.card.delete")}
            </button>
          </Form>
        )}
      </div>
      {(!isBilling || !isShipping) && (
        <div className="address-card__defaults">
          {!isBilling && (
            <Form method="post">
              <input type="hidden" name="intent" value="default-billing" />
              <input type="hidden" name="addressId" value={address.id} />
              <button type="submit" className="link-button">
                {t("address.card.setBilling")}
              </button>
            </Form>
          )}
          {!isShipping && (
            <Form method="post">
              <input type="hidden" name="intent" value="default-shipping" />
              <input type="hidden" name="addressId" value={address.id} />
              <button type="submit" className="link-button">
                {t("address.card.setShipping")}
              </button>
            </Form>
          )}
        </div>
      )}
    </article>
  );
}
