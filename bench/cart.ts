import autocannon, { type Client, type Options } from "autocannon";
import type { Table } from "./report";

/**
 * Cart endpoints under load, 20 connections, each connection a shopper with its own cart:
 * the header widget (`frontend.checkout.info`, on every page view) and add to cart (the panel's POST).
 */
export const CART_CONNECTIONS = 20;
/** Target of the cart issue: the widget's p99 under 20 ms at 20 connections. */
export const WIDGET_P99_TARGET_MS = 20;
/** Target of the cart issue: add to cart's p99 under 150 ms at 20 connections. */
export const ADD_P99_TARGET_MS = 150;

export interface CartLoad {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The variant of a product page's add-to-cart form. */
function variantOf(html: string): string | undefined {
  const match = /name="variantId"[^>]*value="([0-9a-f-]{36})"|value="([0-9a-f-]{36})"[^>]*name="variantId"/.exec(html);
  return match?.[1] ?? match?.[2];
}

/** Starts a cart with one item; returns its cookie. */
export async function startCart(origin: string, variantId: string): Promise<string> {
  const response = await fetch(`${origin}/checkout/line-item/add`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "XMLHttpRequest", Origin: origin },
    body: form({ variantId, quantity: "1", redirectTo: "frontend.cart.offcanvas" }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 200 || !cookie) throw new Error(`Add to cart answered ${response.status} without a cart cookie`);
  return cookie;
}

async function run(name: string, options: Options, cookies: string[], duration: number): Promise<CartLoad> {
  let next = 0;
  const setupClient = (client: Client) => {
    client.setHeaders({ ...options.headers, Cookie: cookies[next++ % cookies.length]! });
  };
  await autocannon({ ...options, connections: CART_CONNECTIONS, amount: 200, setupClient }); // warm-up
  next = 0;
  const result = await autocannon({ ...options, connections: CART_CONNECTIONS, duration, setupClient });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export async function measureCartEndpoints(origin: string, variantId: string, duration: number): Promise<CartLoad[]> {
  const cookies: string[] = [];
  for (let i = 0; i < CART_CONNECTIONS; i++) cookies.push(await startCart(origin, variantId));
  const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: origin };
  const widget = await run("cart widget (GET frontend.checkout.info)", { url: `${origin}/widgets/checkout/info`, headers: xhr }, cookies, duration);
  // Each shopper adds the same product again: the quantity grows up to the product's maximum, then stays.
  const add = await run(
    "add to cart (POST line-item/add, JSON answer)",
    {
      url: `${origin}/checkout/line-item/add`,
      method: "POST",
      headers: { ...xhr, "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ variantId, quantity: "1", redirectTo: "frontend.cart.offcanvas" }),
    },
    cookies,
    duration,
  );
  return [widget, add];
}

export interface OrderLoad {
  shoppers: number;
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  /** Latency of the order request (POST /checkout/confirm) alone. */
  p50: number;
  p99: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function hidden(html: string, name: string): string {
  const match = new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(html);
  const value = match?.[1] ?? match?.[2];
  if (value === undefined) throw new Error(`The confirm page has no ${name} field`);
  return value;
}

/**
 * A guest with `variantId` in the cart, as a shopper gets there: add to cart, then the register page's
 * guest form (Germany). Returns the cart's and the session's cookies (`name=value; …`).
 */
export async function guestShopper(origin: string, variantId: string, label: string): Promise<string> {
  const cartCookie = await startCart(origin, variantId);
  const page = await (await fetch(`${origin}/checkout/register`, { headers: { Cookie: cartCookie } })).text();
  const countryId = /<option[^>]*value="([0-9a-f-]{36})"[^>]*>Germany</.exec(page)?.[1];
  if (!countryId) throw new Error("The register page lists no Germany option");
  const registered = await fetch(`${origin}/checkout/register`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cartCookie },
    body: form({
      intent: "register",
      guest: "1",
      salutation: "not_specified",
      firstName: "Bench",
      lastName: "Shopper",
      email: `${label}-${Date.now()}@example.com`,
      "billingAddress.street": "Main St 1",
      "billingAddress.zipcode": "10115",
      "billingAddress.city": "Berlin",
      "billingAddress.countryId": countryId,
    }),
  });
  const sessionCookie = registered.headers.get("set-cookie")?.split(";")[0];
  if (registered.status !== 303 || !sessionCookie) throw new Error(`Guest registration answered ${registered.status}`);
  return `${cartCookie}; ${sessionCookie}`;
}

/**
 * Orders placed per second by `shoppers` concurrent shoppers, each going through the whole checkout as
 * a guest: add to cart, register as guest, open the confirm page, submit the order. Only the final
 * order request is timed. Products rotate over `variantIds` so stock lasts.
 */
export async function measureOrders(origin: string, variantIds: string[], shoppers: number, ordersPerShopper: number): Promise<OrderLoad> {
  const latencies: number[] = [];
  let failures = 0;
  let counter = 0;
  const post = (path: string, cookie: string, fields: Record<string, string>, extra: Record<string, string> = {}) =>
    fetch(origin + path, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie, ...extra },
      body: form(fields),
    });

  async function shopper(index: number) {
    for (let n = 0; n < ordersPerShopper; n++) {
      const variantId = variantIds[counter++ % variantIds.length]!;
      const cookies = await guestShopper(origin, variantId, `bench-${index}-${n}`);
      const confirm = await (await fetch(`${origin}/checkout/confirm`, { headers: { Cookie: cookies } })).text();
      const started = performance.now();
      const placed = await post("/checkout/confirm", cookies, {
        intent: "order",
        revision: hidden(confirm, "revision"),
        expectedGrossTotal: hidden(confirm, "expectedGrossTotal"),
        tos: "on",
      });
      latencies.push(performance.now() - started);
      if (placed.status !== 303 || !placed.headers.get("location")?.includes("/checkout/finish")) failures++;
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: shoppers }, (_, i) => shopper(i)));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const orders = latencies.length - failures;
  return { shoppers, orders, seconds, ordersPerSecond: orders / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures };
}

/** Units a product must have in stock to take part in the order benchmark. */
const MIN_BENCH_STOCK = 10;

/**
 * Variants with plenty of stock, from the buy boxes of the product pages in the sitemap: each is probed
 * by adding 10 to a throwaway cart; the server lowers the quantity when fewer are left.
 */
export async function stockedVariants(origin: string, productPaths: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const path of productPaths) {
    const id = variantOf(await (await fetch(origin + path)).text());
    if (!id) continue;
    const probe = await fetch(`${origin}/checkout/line-item/add`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "XMLHttpRequest", Origin: origin },
      body: form({ variantId: id, quantity: String(MIN_BENCH_STOCK), redirectTo: "frontend.cart.offcanvas" }),
    });
    const answer = (await probe.json()) as { notices: { code: string; quantity?: number }[] };
    if (answer.notices.some((n) => n.code === "added" && n.quantity === MIN_BENCH_STOCK)) ids.push(id);
  }
  return ids;
}

export interface CartBench {
  /** PGlite or PostgreSQL. */
  database: string;
  endpoints: CartLoad[];
  orders: OrderLoad;
}

const ms = (n: number) => n.toFixed(1);

export function cartTables(bench: CartBench): Table[] {
  return [
    {
      title: `Cart endpoints on ${bench.database} (autocannon, ${CART_CONNECTIONS} connections, each with its own cart)`,
      head: ["endpoint", "req/s", "p50 ms", "p99 ms", "failed"],
      rows: bench.endpoints.map((e) => [e.name, Math.round(e.rps).toLocaleString("en-US"), ms(e.p50), ms(e.p99), String(e.failures)]),
      notes: [],
    },
    {
      title: `Orders on ${bench.database}: ${bench.orders.shoppers} concurrent guest shoppers (whole checkout each; the order request timed)`,
      head: ["orders", "seconds", "orders/s", "order p50 ms", "order p99 ms", "failed"],
      rows: [
        [
          String(bench.orders.orders),
          bench.orders.seconds.toFixed(1),
          bench.orders.ordersPerSecond.toFixed(1),
          ms(bench.orders.p50),
          ms(bench.orders.p99),
          String(bench.orders.failures),
        ],
      ],
      notes: [],
    },
  ];
}

export function cartMisses(bench: CartBench): string[] {
  const lines: string[] = [];
  const [widget, add] = bench.endpoints;
  if (widget && widget.p99 >= WIDGET_P99_TARGET_MS) lines.push(`TARGET MISSED: cart widget p99 on ${bench.database} ${ms(widget.p99)} ms (target under ${WIDGET_P99_TARGET_MS} ms)`);
  if (add && add.p99 >= ADD_P99_TARGET_MS) lines.push(`TARGET MISSED: add to cart p99 on ${bench.database} ${ms(add.p99)} ms (target under ${ADD_P99_TARGET_MS} ms)`);
  for (const e of bench.endpoints) if (e.failures) lines.push(`WARNING: ${e.name} on ${bench.database} had ${e.failures} failed requests`);
  if (bench.orders.failures) lines.push(`WARNING: ${bench.orders.failures} orders failed on ${bench.database}`);
  return lines;
}
