import type { Context, Hono } from "hono";
import { ordersFilterOf } from "../b2b/api";
import { z } from "zod";
import { messagesFor } from "../../kernel/i18n/messages.server";
import { translator } from "../../kernel/i18n/translator";
import type { AppEnv } from "./env";
import { MAX_ADDRESSES_PER_CUSTOMER, type AddressBook } from "../customer/addresses";
import type { FieldErrors } from "../customer/types";
import type { LineItemShipment } from "../order/types";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { describeIssues, errorResponse } from "./errors";
import { readJson } from "./json-body";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";
import { requestLocale } from "./locale";

const NO_STORE = { "Cache-Control": CACHE_CONTROL.personal };

const addressId = z.uuid({ message: "must be an address id" });

/** Any JSON value a text field may carry; the address schema decides (and names the field) after this. */
const textField = z.string({ message: "must be text" }).optional();

/**
 * The address editor's request (spec §3, §5): `{id, changeableAddresses}`, plus what the modal's own
 * forms send: `selectAddress` (choose one of the addresses) or `address` (a new one, or an edit of `address.id`).
 */
export const AddressEditorBody = z
  .object({
    id: addressId.nullish(),
    changeableAddresses: z.object(
      {
        changeShipping: z.boolean({ message: "must be true or false" }),
        changeBilling: z.boolean({ message: "must be true or false" }),
      },
      { message: "is required: {changeShipping, changeBilling}" },
    ),
    selectAddress: z.object({ id: addressId }).optional(),
    address: z
      .object({
        id: addressId.optional(),
        salutation: textField,
        firstName: textField,
        lastName: textField,
        company: textField,
        street: textField,
        zipcode: textField,
        city: textField,
        countryId: textField,
        countryStateId: textField,
        phone: textField,
        /** The phone field's hidden E.164 sibling (`e164FieldName("phone")`), preferred to `phone`. */
        phoneE164: textField,
        vatId: textField,
      })
      .optional(),
  })
  .refine((body) => body.changeableAddresses.changeShipping || body.changeableAddresses.changeBilling, {
    message: "The address editor needs at least one of changeShipping or changeBilling to be true.",
    path: ["changeableAddresses"],
  })
  .refine((body) => !(body.selectAddress && body.address), {
    message: "Send either selectAddress or address, not both.",
  });

/** What the address editor modal shows: the addresses to choose from and which defaults are changed. */
export interface AddressEditorData extends AddressBook {
  changeableAddresses: { changeShipping: boolean; changeBilling: boolean };
  /** The address the editor opened for (the one currently in use). */
  activeAddressId: string | null;
  /** Set after a choice or a save: the page behind should load its data again. */
  changed: boolean;
  maxAddresses: number;
}

const OrderNumberQuery = z.object({
  orderNumber: z
    .string({ message: "is required" })
    .trim()
    .regex(/^\d{1,20}$/, "must be an order number (digits)"),
});

/** A shipment as one line of text (spec §3: `data`): quantity, carrier, date and tracking code. */
function shipmentText(shipments: LineItemShipment[], locale: "en" | "de") {
  const t = translator(messagesFor(locale));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return shipments
    .map((s) =>
      t(s.trackingCode ? "order.shipment.withTracking" : "order.shipment.line", {
        quantity: s.quantity,
        carrier: s.carrier,
        date: date.format(new Date(s.shippedAt)),
        trackingCode: s.trackingCode ?? "",
      }),
    )
    .join("\n");
}

/** Field errors as one readable sentence, next to the codes the form shows at its fields. */
function invalidAddress(c: Context, errors: FieldErrors) {
  const fields = Object.keys(errors).join(", ");
  return c.json(
    { errors: [{ status: 400, message: `Please check these address fields: ${fields}.` }], fieldErrors: errors },
    400,
    NO_STORE,
  );
}

/**
 * The account endpoints the spec calls: the address editor (`frontend.account.addressbook`, POST JSON)
 * and an order's shipping info (`frontend.account.order.shipping-info`, GET `?orderNumber=`). Both
 * serve the session's customer only; a guest of the checkout may use the address editor too.
 */
export function registerAccountWidgetEndpoints(app: Hono<AppEnv>, { customers, addresses, orders, b2b }: AppServices) {
  const sessionCustomer = (c: Context) => customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));

  app.post(routeNames["frontend.account.addressbook"], async (c) => {
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = AddressEditorBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const customer = await sessionCustomer(c);
    if (!customer) return errorResponse(c, 401, "Please log in (or continue your checkout) to change your addresses.");
    const { id, changeableAddresses, selectAddress, address } = parsed.data;
    if (id && !(await addresses.get(customer.id, id))) return errorResponse(c, 404, "This address does not exist.");

    let changed = false;
    let chosenId: string | null = null;
    if (selectAddress) {
      if (!(await addresses.setDefault(customer.id, selectAddress.id, changeableAddresses))) {
        return errorResponse(c, 404, "This address does not exist.");
      }
      changed = true;
      chosenId = selectAddress.id;
    } else if (address) {
      const { id: editedId, ...input } = address;
      // Missing required fields read as empty, so the schema answers "required" for each.
      const fields = { ...input, firstName: input.firstName ?? "", lastName: input.lastName ?? "", street: input.street ?? "", city: input.city ?? "", countryId: input.countryId ?? "" };
      const saved = editedId
        ? await addresses.update(customer.id, editedId, fields, changeableAddresses)
        : await addresses.create(customer.id, fields, changeableAddresses);
      if (!saved.ok) {
        if (saved.reason === "not-found") return errorResponse(c, 404, "This address does not exist.");
        if (saved.reason === "limit-reached") {
          return errorResponse(c, 422, `An account can keep at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Please delete one first.`);
        }
        return invalidAddress(c, saved.errors);
      }
      changed = true;
      chosenId = saved.address.id;
    }

    const book = await addresses.list(customer.id);
    if (!book) return errorResponse(c, 404, "This customer does not exist.");
    const current = changeableAddresses.changeShipping ? book.defaultShippingAddressId : book.defaultBillingAddressId;
    const answer: AddressEditorData = {
      ...book,
      changeableAddresses,
      activeAddressId: chosenId ?? id ?? current,
      changed,
      maxAddresses: MAX_ADDRESSES_PER_CUSTOMER,
    };
    return c.json(answer, 200, NO_STORE);
  });

  app.get(routeNames["frontend.account.order.shipping-info"], async (c) => {
    const locale = requestLocale(c);
    const t = translator(messagesFor(locale));
    const failure = (status: 400 | 401 | 404, errorMessage: string) => c.json({ success: false, html: [], errorMessage }, status, NO_STORE);
    const parsed = OrderNumberQuery.safeParse({ orderNumber: c.req.query("orderNumber") });
    if (!parsed.success) return failure(400, t("order.shipping.badRequest"));
    const customer = await sessionCustomer(c);
    if (!customer) return failure(401, t("order.shipping.loginRequired"));
    const info = await orders.shippingInfo(parsed.data.orderNumber, customer.id, await ordersFilterOf(b2b, customer));
    if (!info) return failure(404, t("order.shipping.notFound"));
    const html = [...info].map(([id, shipments]) => ({ id, data: shipmentText(shipments, locale) }));
    return c.json({ success: true, html, errorMessage: null }, 200, NO_STORE);
  });
}
