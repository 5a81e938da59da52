import { useState } from "react";
import { useNavigate } from "react-router";
import type { ConfiguratorGroup } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { http } from "../../lib/http";
import { useRoutePath } from "../../ui/use-route-path";

/**
 * The variant configurator (spec §4, §7): a radio group per option group. Choosing an option asks the
 * variant switch endpoint with `switched` and `options` and navigates to the URL it answers. Without
 * JavaScript the same form is submitted with its button and the endpoint redirects.
 */
export function Configurator({ productId, groups }: { productId: string; groups: ConfiguratorGroup[] }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  if (groups.length === 0) return null;

  const onChange = async (event: React.ChangeEvent<HTMLFormElement>) => {
    const input = event.target as unknown as HTMLInputElement;
    if (input.type !== "radio") return;
    const form = event.currentTarget;
    const options: Record<string, string> = {};
    for (const group of groups) {
      const checked = form.querySelector<HTMLInputElement>(`input[name="options[${group.id}]"]:checked`);
      if (checked) options[group.id] = checked.value;
    }
    setPending(true);
    try {
      const url = path("frontend.detail.switch", { productId }, { switched: input.value, options: JSON.stringify(options) });
      const response = await http(url);
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as { url: string };
      await navigate(body.url, { preventScrollReset: true });
    } catch {
      form.submit();
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="configurator"
      method="get"
      action={path("frontend.detail.switch", { productId })}
      onChange={onChange}
      aria-busy={pending}
    >
      {groups.map((group) => (
        <fieldset key={group.id} className="configurator__group" role="radiogroup" aria-label={group.name}>
          <legend>{group.name}</legend>
          <div className="configurator__options">
            {group.options.map((option) => (
              <label
                key={option.id}
                className={`configurator__option ${option.combinable ? "" : "configurator__option--unavailable"}`}
                title={option.combinable ? undefined : t("product.unavailable")}
              >
                <input type="radio" name={`options[${group.id}]`} value={option.id} defaultChecked={option.selected} />
                {group.displayType === "color" && option.colorHex && (
                  <span className="configurator__swatch" style={{ backgroundColor: option.colorHex }} aria-hidden="true" />
                )}
                <span>{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <noscript>
        <button type="submit" className="button button--secondary">
          {t("product.selectVariant")}
        </button>
      </noscript>
    </form>
  );
}
