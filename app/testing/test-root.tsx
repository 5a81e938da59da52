import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { en } from "../../kernel/i18n/en";
import { I18nProvider } from "../i18n/i18n";

/**
 * A fresh React root for a DOM test (happy-dom): its container replaces the document body's content,
 * and `render` shows the element in English, as the storefront's components expect their messages.
 * Call `unmount` after each test.
 */
export function createTestRoot() {
  const container = document.createElement("div");
  document.body.replaceChildren(container);
  const root = createRoot(container);
  return {
    container,
    render: (ui: ReactNode) =>
      act(async () =>
        root.render(
          <I18nProvider locale="en" messages={en}>
            {ui}
          </I18nProvider>,
        ),
      ),
    unmount: () => act(async () => root.unmount()),
  };
}

export type TestRoot = ReturnType<typeof createTestRoot>;
