import { Form, Link } from "react-router";
import { useI18n } from "../../i18n/i18n";

/**
 * `/wishlist/add-after-login/{productId}` for a logged-in customer: asks before adding (adding changes
 * state: POST only). The form reloads the page it leads to, so the product's page shows the heart filled.
 * Styled by the account pages' cards, which the route brings.
 */
export function AddAfterLoginView({ product }: { product: { name: string; url: string } }) {
  const { t } = useI18n();
  return (
    <div className="container page account-auth account-auth--narrow">
      <title>{`${t("customer.wishlistAdd.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="account-auth__title">{t("customer.wishlistAdd.title")}</h1>
      <section className="account-card">
        <p>{t("customer.wishlistAdd.lead", { name: product.name })}</p>
        <Form method="post" reloadDocument>
          <button type="submit" className="button button--primary">
            {t("wishlist.add")}
          </button>
        </Form>
        <p className="account-card__footer">
          <Link to={product.url}>{t("customer.wishlistAdd.back")}</Link>
        </p>
      </section>
    </div>
  );
}
