import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { DOCUMENTS, type DocumentName } from "./errors";

/*
 * Validates request and response bodies against PayPal's OpenAPI documents (OpenAPI 3.0.3, whose schemas
 * are draft-04-style JSON Schema plus `nullable`: Ajv's default draft-07 with strict mode off reads them).
 * For the contract tests: a body that does not match the document fails.
 */

// ajv-formats is CommonJS: depending on the loader its plugin is the default import or its `default`.
type FormatsPlugin = (ajv: Ajv) => Ajv;
const formatsModule = addFormatsModule as unknown as FormatsPlugin | { default: FormatsPlugin };
const addFormats: FormatsPlugin = typeof formatsModule === "function" ? formatsModule : formatsModule.default;

type Json = Record<string, unknown>;

function collectFormats(node: unknown, into: Set<string>) {
  if (Array.isArray(node)) node.forEach((child) => collectFormats(child, into));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "format" && typeof value === "string") into.add(value);
      else collectFormats(value, into);
    }
  }
}

function createAjv(): Ajv {
  // The documents' patterns are ECMA-262 without the unicode flag (the email pattern is not valid with it).
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, unicodeRegExp: false });
  addFormats(ajv);
  const formats = new Set<string>();
  for (const document of Object.values(DOCUMENTS)) collectFormats(document, formats);
  // PayPal's own formats (ppaas_*, merchant_common_*) are named, not defined: their patterns carry the rules.
  for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
  for (const [name, document] of Object.entries(DOCUMENTS)) ajv.addSchema(document as unknown as Json, name);
  return ajv;
}

const ajv = createAjv();
const compiled = new Map<string, ValidateFunction>();

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
}

function resolveResponse(document: DocumentName, ref: string): Json {
  return ref.replace(/^#\//, "").split("/").reduce<Json>((node, key) => node[key.replaceAll("~1", "/").replaceAll("~0", "~")] as Json, DOCUMENTS[document] as unknown as Json);
}

function validator(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

function explain(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).slice(0, 12).map((error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`).join("\n");
}

/** The schema reference for the response `status` of `method path` (falls back to `default`). */
export function responseSchemaRef(document: DocumentName, path: string, method: string, status: number): string {
  const paths = (DOCUMENTS[document] as unknown as { paths: Record<string, Record<string, { responses: Record<string, Json> }>> }).paths;
  const operation = paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${document}: no operation ${method} ${path}`);
  const key = operation.responses[String(status)] ? String(status) : "default";
  const response = operation.responses[key];
  if (!response) throw new Error(`${document}: ${method} ${path} documents no ${status} response`);
  if (typeof response.$ref === "string") {
    const target = resolveResponse(document, response.$ref);
    if (!(target.content as Json | undefined)?.["application/json"]) throw new Error(`${document}: ${method} ${path} ${status} has no JSON body`);
    return `${document}${response.$ref}/${pointer("content", "application/json", "schema")}`;
  }
  if (!(response.content as Json | undefined)?.["application/json"]) throw new Error(`${document}: ${method} ${path} ${status} has no JSON body`);
  return `${document}#/${pointer("paths", path, method.toLowerCase(), "responses", key, "content", "application/json", "schema")}`;
}

/** Throws with Ajv's findings when `body` is not what the document allows as that response. */
export function assertResponse(document: DocumentName, path: string, method: string, status: number, body: unknown): void {
  const validate = validator(responseSchemaRef(document, path, method, status));
  if (!validate(body)) throw new Error(`Response ${status} to ${method} ${path} does not match ${document}:\n${explain(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
}

/** Throws when `body` is not what the document allows as the request body of `method path`. */
export function assertRequest(document: DocumentName, path: string, method: string, body: unknown): void {
  const paths = (DOCUMENTS[document] as unknown as { paths: Record<string, Record<string, { requestBody?: Json }>> }).paths;
  const requestBody = paths[path]?.[method.toLowerCase()]?.requestBody;
  if (!requestBody) throw new Error(`${document}: ${method} ${path} takes no request body`);
  const ref =
    typeof requestBody.$ref === "string"
      ? `${document}${requestBody.$ref}/${pointer("content", "application/json", "schema")}`
      : `${document}#/${pointer("paths", path, method.toLowerCase(), "requestBody", "content", "application/json", "schema")}`;
  const validate = validator(ref);
  if (!validate(body)) throw new Error(`Request to ${method} ${path} does not match ${document}:\n${explain(validate.errors)}`);
}
