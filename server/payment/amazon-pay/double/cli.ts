/**
 * `npm run amazon-pay-double`: the Amazon Pay test double (server.ts) on its own, for the offline demo and
 * the browser tests. Port from AMAZON_PAY_DOUBLE_PORT (default 8788); key id from AMAZON_PAY_PUBLIC_KEY_ID
 * (default DOUBLE_PUBLIC_KEY_ID); the public key from AMAZON_PAY_PUBLIC_KEY_FILE, or derived from the shop's
 * AMAZON_PAY_PRIVATE_KEY_FILE. Point the shop's Amazon Pay base URL at the printed URL.
 * Refuses NODE_ENV=production unless AMAZON_PAY_DOUBLE_IN_PRODUCTION=1.
 */
import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { DOUBLE_PUBLIC_KEY_ID, startAmazonPayDouble } from "./server";

// Reference §1.1: a test double refuses to run in production unless someone says so on purpose.
if (process.env.NODE_ENV === "production" && process.env.AMAZON_PAY_DOUBLE_IN_PRODUCTION !== "1") {
  console.error("The Amazon Pay test double does not start with NODE_ENV=production (set AMAZON_PAY_DOUBLE_IN_PRODUCTION=1 for a demo).");
  process.exit(1);
}
const port = Number(process.env.AMAZON_PAY_DOUBLE_PORT ?? 8788);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`AMAZON_PAY_DOUBLE_PORT is not a port: ${process.env.AMAZON_PAY_DOUBLE_PORT}`);
  process.exit(1);
}
const publicKeyFile = process.env.AMAZON_PAY_PUBLIC_KEY_FILE;
const privateKeyFile = process.env.AMAZON_PAY_PRIVATE_KEY_FILE;
if (!publicKeyFile && !privateKeyFile) {
  console.error("Set AMAZON_PAY_PUBLIC_KEY_FILE (PEM) or AMAZON_PAY_PRIVATE_KEY_FILE (the shop's key; only its public half is used).");
  process.exit(1);
}
let publicKey;
try {
  publicKey = publicKeyFile ? createPublicKey(readFileSync(publicKeyFile, "utf8")) : createPublicKey(createPrivateKey(readFileSync(privateKeyFile!, "utf8")));
} catch (error) {
  console.error(`${publicKeyFile ? "AMAZON_PAY_PUBLIC_KEY_FILE" : "AMAZON_PAY_PRIVATE_KEY_FILE"} is not a readable PEM key: ${String(error)}`);
  process.exit(1);
}
const double = await startAmazonPayDouble({ publicKeyId: process.env.AMAZON_PAY_PUBLIC_KEY_ID || DOUBLE_PUBLIC_KEY_ID, publicKey, port });
console.warn(`Amazon Pay TEST DOUBLE (no real payment) listening on ${double.url}; checkout.js stand-in: ${double.checkoutScriptUrl}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
