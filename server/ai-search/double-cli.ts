/**
 * `npm run ai-search-double -- [port]`: the AI search's OpenAI-compatible test double (provider-double.ts)
 * on its own, for trying the adapter against it: start the shop with `AI_SEARCH_PROVIDER=openai-compatible
 * AI_SEARCH_BASE_URL=http://127.0.0.1:5001/v1 AI_SEARCH_MODEL=vitrine-test-double`. (`AI_SEARCH_PROVIDER=double`
 * runs one inside the shop instead.) It reads descriptions with fixed rules; it is not a model.
 */
import { startAiSearchDouble } from "./provider-double";

const port = Number(process.argv[2] ?? process.env.PORT ?? 5001);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Not a port: ${process.argv[2] ?? process.env.PORT}`);
  process.exit(1);
}
const double = await startAiSearchDouble({ port });
console.warn(`AI search model TEST DOUBLE (fixed rules, not a model) listening on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
