import type { ProductBox } from "../../server/catalog/types";
import { formatMoney, useI18n } from "../i18n/i18n";
import { subscriptionLabel } from "../lib/subscription-label";
import { BuyForm } from "./BuyForm";

/**
 * The purchase option of a product box with subscription plans: **One-time purchase** (checked) or
 * **Subscribe**, which shows the **Subscription plan** select, with the chosen plan's price per delivery
 * under it, and its own add-to-cart form in place of the one-time form (styles/app.css, `:has()`). The radios belong to no form, so they post nothing: a
 * one-time purchase sends no plan, and the hidden select is neither focusable nor sent, with or
 * without JavaScript. Rendered before the box's one-time form.
 */
export default function BoxPurchase({ product, nameId }: { product: ProductBox; /** The id of the box's product name, unique per box. */ nameId: string }) {
  const { t, locale } = useI18n();
  const perDelivery = (plan: ProductBox["subscriptionPlans"][number]) => t("purchase.perDelivery", { price: formatMoney(plan.unitGross, product.price.currency, locale) });
  return (
    <div className="product-box__purchase">
      {/* Every box with plans has this group: its name says which product it is for. */}
      {/* The radios' group name only has to be unique on the page (they post nothing): the box's name id. */}
      <fieldset className="product-box__options" role="radiogroup" aria-label={t("purchase.optionFor", { name: product.name })}>
        <legend>{t("purchase.option")}</legend>
        <label>
          <input type="radio" name={nameId} defaultChecked />
          {t("purchase.oneTime")}
        </label>
        <label>
          <input type="radio" name={nameId} className="product-box__subscribe" />
          {t("purchase.subscribe")}
        </label>
      </fieldset>
      <BuyForm product={product} describedBy={nameId} className="product-box__plan-form">
        <label className="product-box__plan">
          {t("purchase.planSelect")}
          <select name="subscriptionPlanId">
            {product.subscriptionPlans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {`${subscriptionLabel(t, plan)}, ${perDelivery(plan)}`}
              </option>
            ))}
          </select>
        </label>
        {/* A narrow closed select cuts its option short, price and all: the chosen plan's price shows under it
            too, picked by CSS from the option checked (styles/app.css), so also without JavaScript. The
            options say it to assistive technology. */}
        <p className="product-box__plan-prices" aria-hidden="true">
          {product.subscriptionPlans.map((plan) => (
            <span key={plan.id}>{perDelivery(plan)}</span>
          ))}
        </p>
      </BuyForm>
    </div>
  );
}
