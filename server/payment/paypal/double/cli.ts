/**
 * `npm run paypal-double`: the PayPal test double (server.ts) on its own, for the offline demo and the
 * browser tests. Port from PAYPAL_DOUBLE_PORT (default 8787); credentials from PAYPAL_CLIENT_ID /
 * PAYPAL_CLIENT_SECRET, else the fixed demo values. Point the shop's PayPal base URL at the printed URL.
 * Refuses NODE_ENV=production unless PAYPAL_DOUBLE_IN_PRODUCTION=1.
 */
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startPayPalDouble } from "./server";

// Reference §1.1: a test double refuses to run in production unless someone says so on purpose.
if (process.env.NODE_ENV === "production" && process.env.PAYPAL_DOUBLE_IN_PRODUCTION !== "1") {
  console.error("The PayPal test double does not start with NODE_ENV=production (set PAYPAL_DOUBLE_IN_PRODUCTION=1 for a demo).");
  process.exit(1);
}
const port = Number(process.env.PAYPAL_DOUBLE_PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PAYPAL_DOUBLE_PORT is not a port: ${process.env.PAYPAL_DOUBLE_PORT}`);
  process.exit(1);
}
const webhookUrl = process.env.PAYPAL_DOUBLE_WEBHOOK_URL;
const double = await startPayPalDouble({
  clientId: process.env.PAYPAL_CLIENT_ID || DOUBLE_CLIENT_ID,
  clientSecret: process.env.PAYPAL_CLIENT_SECRET || DOUBLE_CLIENT_SECRET,
  port,
  ...(webhookUrl ? { webhook: { url: webhookUrl, id: process.env.PAYPAL_WEBHOOK_ID || "TESTDOUBLEWEBHOOK" } } : {}),
});
console.warn(`PayPal TEST DOUBLE (no real payment) listening on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
