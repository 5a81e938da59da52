// @vitest-environment happy-dom
import { act, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { en } from "../../../kernel/i18n/en";
import ModelStage from "./ModelStage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// model-viewer (three.js, WebGL) does not run here: a stand-in element with its API, on a device that can start AR.
vi.mock("./model-viewer", () => ({ loadModelViewer: () => Promise.resolve() }));
class ModelViewerStandIn extends HTMLElement {
  loaded = true;
  canActivateAR = true;
  variantName: string | null = null;
  availableVariants: string[] = [];
  activateAR() {
    return Promise.resolve();
  }
}
customElements.define("model-viewer", ModelViewerStandIn);

function Viewer() {
  const containerRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={containerRef}>
      <ModelStage src="/media/sofa.glb" title="Curved velvet sofa" ar autostart={false} containerRef={containerRef} />
    </div>
  );
}

describe("AR session (storefront-extensions §4: the placement hint shows for 3 seconds)", () => {
  let root: TestRoot;
  let container: HTMLDivElement;
  beforeEach(async () => {
    vi.useFakeTimers();
    root = createTestRoot();
    container = root.container;
    await root.render(<Viewer />);
  });
  afterEach(async () => {
    await root.unmount();
    vi.useRealTimers();
  });

  const status = () => container.querySelector('[role="status"]')!.textContent;
  const arStatus = (status: string) =>
    act(async () => container.querySelector("model-viewer")!.dispatchEvent(new CustomEvent("ar-status", { detail: { status } })));

  it("shows the placement hint from the start of the session for 3000 ms, then the session's state", async () => {
    const viewInRoom = [...container.querySelectorAll("button")].find((button) => button.textContent === en["spatial.viewInRoom"])!;
    await act(async () => viewInRoom.click());
    await arStatus("session-started");
    expect(status()).toBe(en["spatial.ar.placementHint"]);
    await act(async () => vi.advanceTimersByTime(2999));
    expect(status()).toBe(en["spatial.ar.placementHint"]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(status()).toBe(en["spatial.ar.session"]);
  });

  it("drops the hint once the product is placed", async () => {
    const viewInRoom = [...container.querySelectorAll("button")].find((button) => button.textContent === en["spatial.viewInRoom"])!;
    await act(async () => viewInRoom.click());
    await arStatus("session-started");
    await arStatus("object-placed");
    expect(status()).toBe(en["spatial.ar.tracking"]);
  });
});
