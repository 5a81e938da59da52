import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

/*
 * PayPal's error bodies, worded as PayPal words them: the `name` and `message` of each status and the
 * `description` of each issue are read from PayPal's own OpenAPI documents (../openapi), so the double
 * answers exactly what the documents promise for the operation that failed.
 */

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; enum?: string[]; title?: string };
interface Document {
  components: { schemas: Record<string, Schema> };
}

function loadDocument(file: string): Document {
  return JSON.parse(readFileSync(new URL(`../openapi/${file}`, import.meta.url), "utf8")) as Document;
}

export const DOCUMENTS = {
  orders: loadDocument("checkout_orders_v2.json"),
  payments: loadDocument("payments_payment_v2.json"),
  webhooks: loadDocument("notifications_webhooks_v1.json"),
};
export type DocumentName = keyof typeof DOCUMENTS;

/** The error schemas of one operation, as the documents name them (`orders.capture-422`, else the generic `422`). */
export interface Operation {
  document: DocumentName;
  /** The operation's own schema prefix, e.g. `orders.capture`; without it only the generic schemas apply. */
  name?: string;
}

export interface ErrorDetail {
  issue: string;
  field?: string;
  value?: string;
  location?: "body" | "path" | "query";
  description?: string;
}

export interface PayPalError {
  status: number;
  body: {
    name: string;
    message: string;
    debug_id: string;
    details?: ErrorDetail[];
    links: { href: string; rel: string; method?: string }[];
  };
}

const FALLBACK_NAMES: Record<number, [string, string]> = {
  400: ["INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema."],
  401: ["AUTHENTICATION_FAILURE", "Authentication failed due to missing authorization header, or invalid authentication credentials."],
  403: ["NOT_AUTHORIZED", "Authorization failed due to insufficient permissions."],
  404: ["RESOURCE_NOT_FOUND", "The specified resource does not exist."],
  409: ["RESOURCE_CONFLICT", "The server has detected a conflict while processing this request."],
  413: ["REQUEST_ENTITY_TOO_LARGE", "The request body is larger than the server accepts."],
  422: ["UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation."],
  500: ["INTERNAL_SERVER_ERROR", "An internal server error occurred."],
};

export function debugId(): string {
  return randomBytes(7).toString("hex").slice(0, 13);
}

/** The statuses whose schemas list `issue` for the operation, most specific first (422 before 400 before 403/404). */
export function statusesListing(operation: Operation, issue: string): number[] {
  const schemas = DOCUMENTS[operation.document].components.schemas;
  return [422, 400, 403, 404, 409].filter((status) => {
    // An operation with its own schema for a status allows only the issues that schema lists.
    const own = operation.name ? schemas[`${operation.name}-${status}`] : undefined;
    return findIssue(own ?? schemas[String(status)], issue) !== undefined;
  });
}

function findIssue(schema: Schema | undefined, issue: string): Schema | undefined {
  return schema?.properties?.details?.items?.anyOf?.find((entry) => entry.title === issue);
}

function issueDescription(operation: Operation, status: number, issue: string): string | undefined {
  const schemas = DOCUMENTS[operation.document].components.schemas;
  const own = operation.name ? findIssue(schemas[`${operation.name}-${status}`], issue) : undefined;
  return (own ?? findIssue(schemas[String(status)], issue))?.properties?.description?.enum?.[0];
}

/** PayPal's error body for `status` with one detail per issue, descriptions taken from the documents. */
export function paypalError(operation: Operation, status: number, details: ErrorDetail[] = []): PayPalError {
  const schemas = DOCUMENTS[operation.document].components.schemas;
  const statusSchema = schemas[`error_${status}`]?.properties;
  const [fallbackName, fallbackMessage] = FALLBACK_NAMES[status] ?? FALLBACK_NAMES[500]!;
  const name = statusSchema?.name?.enum?.[0] ?? fallbackName;
  const message = statusSchema?.message?.enum?.[0] ?? fallbackMessage;
  const fullDetails = details.map((detail) => {
    const description = issueDescription(operation, status, detail.issue);
    return { ...detail, description: detail.description ?? description ?? detail.issue.toLowerCase().replaceAll("_", " ") };
  });
  const firstIssue = details[0]?.issue;
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId(),
      ...(fullDetails.length > 0 ? { details: fullDetails } : {}),
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/${firstIssue ? `#${firstIssue}` : ""}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    },
  };
}

/** A 4XX for `issue` with the status the documents give it for the operation (used for mock responses). */
export function issueError(operation: Operation, issue: string, detail: Omit<ErrorDetail, "issue"> = {}): PayPalError {
  const status = statusesListing(operation, issue)[0] ?? 422;
  return paypalError(operation, status, [{ issue, ...detail }]);
}
