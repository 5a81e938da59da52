/**
 * `npm run translation-double -- [port]`: the LibreTranslate test double (provider-double.ts) on its
 * own, for the browser tests and the offline demo: start the shop with
 * `LIBRETRANSLATE_URL=http://127.0.0.1:5000`. It marks texts instead of translating them.
 */
import { startTranslationDouble } from "./provider-double";

const port = Number(process.argv[2] ?? process.env.PORT ?? 5000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Not a port: ${process.argv[2] ?? process.env.PORT}`);
  process.exit(1);
}
const double = await startTranslationDouble({ port });
console.warn(`LibreTranslate TEST DOUBLE (marks texts, does not translate) listening on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
