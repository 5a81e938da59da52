import { SHOP_SETTINGS, type ShopSettingKey, type ShopSettings } from "./service";

export const SETTINGS_USAGE = `Usage:
  npm run setting                      list every shop setting with its value
  npm run setting -- <key>             show one setting
  npm run setting -- <key> <value>     change it (JSON: true, false, a number or "text")

Settings: ${Object.keys(SHOP_SETTINGS).join(", ")}`;

export class SettingsCommandError extends Error {}

const isKey = (key: string): key is ShopSettingKey => Object.hasOwn(SHOP_SETTINGS, key);

function parseValue(key: ShopSettingKey, raw: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // A bare word is text.
    value = raw;
  }
  const parsed = SHOP_SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) {
    throw new SettingsCommandError(`${key} cannot be ${JSON.stringify(raw)}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  }
  return parsed.data;
}

/**
 * `npm run setting`: reads or changes the sales channel's shop settings (server/settings/service.ts).
 * Returns what to print; a wrong key or value is a SettingsCommandError with a sentence.
 */
export async function runSettingsCommand(args: string[], settings: ShopSettings): Promise<string> {
  const [key, raw, ...rest] = args;
  if (key === undefined) {
    const lines = await Promise.all((Object.keys(SHOP_SETTINGS) as ShopSettingKey[]).map(async (k) => `${k} = ${JSON.stringify(await settings.get(k))}`));
    return lines.join("\n");
  }
  if (key === "--help" || key === "-h") return SETTINGS_USAGE;
  if (!isKey(key)) throw new SettingsCommandError(`There is no shop setting "${key}".\n\n${SETTINGS_USAGE}`);
  if (rest.length > 0) throw new SettingsCommandError(`Give one value only (quote text with spaces).\n\n${SETTINGS_USAGE}`);
  if (raw === undefined) return `${key} = ${JSON.stringify(await settings.get(key))}`;
  // The schema checked the value's type: the cast only tells TypeScript which key it belongs to.
  await settings.set(key, parseValue(key, raw) as never);
  return `${key} = ${JSON.stringify(await settings.get(key))}`;
}
