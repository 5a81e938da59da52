/*
 * The HTML of the Amazon Pay double's pages: one accessible frame (language, landmarks, the test-double
 * notice, a single h1 "Amazon Pay test double") and labelled radio groups. Plain server-rendered HTML
 * that works without JavaScript; every value is escaped.
 */

export const TEST_DOUBLE_NOTICE = "Test double: no real payment";

export function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface Choice {
  value: string;
  label: string;
  checked: boolean;
}

/** A fieldset of native radios, each with its own label. */
export function radioGroup(legend: string, name: string, choices: readonly Choice[]): string {
  const items = choices
    .map((choice, index) => {
      const id = `${name}-${index}`;
      return `<div class="choice"><input type="radio" id="${id}" name="${escapeText(name)}" value="${escapeText(choice.value)}"${choice.checked ? " checked" : ""}> <label for="${id}">${escapeText(choice.label)}</label></div>`;
    })
    .join("\n");
  return `<fieldset><legend>${escapeText(legend)}</legend>\n${items}\n</fieldset>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#111;background:#fff}
header{background:#232f3e;color:#fff;padding:.75rem 1rem}
header p{margin:0;font-weight:600}
main{max-width:40rem;margin:1rem auto;padding:0 1rem}
fieldset{margin:1rem 0;border:1px solid #767676;padding:.5rem 1rem}
.choice{margin:.4rem 0}
.actions{margin:1.5rem 0;display:flex;gap:1rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #7a5a00;background:#ffd814;color:#111;cursor:pointer}
button.secondary{background:#fff;border-color:#555}
button:focus-visible,input:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
[role=alert]{border:2px solid #b00020;padding:.75rem;color:#7a0014}`;

/** A whole page; `body` is trusted HTML built by the caller with escaped values. */
export function page(options: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeText(options.title)}</title><style>${STYLE}</style></head>
<body>
<header><p>${TEST_DOUBLE_NOTICE}</p></header>
<main>
<h1>Amazon Pay test double</h1>
${options.body}
</main>
</body>
</html>`;
}
