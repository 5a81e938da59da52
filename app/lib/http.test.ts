// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getJson, http, postJson } from "./http";
import { routeNames } from "../../kernel/route-names";
import { resetRouteTable, ROUTE_TABLE_ELEMENT_ID } from "./routes";

describe("http", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    document.body.innerHTML = `<script type="application/json" id="${ROUTE_TABLE_ELEMENT_ID}">${JSON.stringify(routeNames)}</script>`;
    resetRouteTable();
  });
  afterEach(() => vi.unstubAllGlobals());

  const sentHeaders = () => new Headers(fetchMock.mock.calls[0]![1]!.headers);

  it("sends X-Requested-With: XMLHttpRequest on every call, whatever the caller passes", async () => {
    fetchMock.mockResolvedValue(new Response("ok"));
    await http("/anything", { headers: { Accept: "text/html", "X-Requested-With": "fetch" } });
    expect(sentHeaders().get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(sentHeaders().get("Accept")).toBe("text/html");
  });

  it("sends plain objects as JSON and FormData as it is", async () => {
    fetchMock.mockResolvedValue(new Response("ok"));
    await http("/json", { method: "POST", body: { countryId: "de" } });
    expect(sentHeaders().get("Content-Type")).toBe("application/json");
    expect(fetchMock.mock.calls[0]![1]!.body).toBe('{"countryId":"de"}');
    fetchMock.mockClear();
    const form = new FormData();
    form.set("a", "1");
    await http("/form", { method: "POST", body: form });
    expect(sentHeaders().get("Content-Type")).toBeNull();
    expect(fetchMock.mock.calls[0]![1]!.body).toBe(form);
  });

  it("looks the path up in the page's route-name table and reports the server's message", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ errors: [{ message: "This category does not exist." }] }), { status: 404 }));
    await expect(getJson("frontend.menu.offcanvas", undefined, { navigationId: "x y" })).rejects.toThrow("This category does not exist.");
    expect(fetchMock.mock.calls[0]![0]).toBe("/widgets/menu/offcanvas?navigationId=x+y");
  });

  it("POSTs a body as JSON to a named route and parses the answer, or throws the server's message", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ imageSource: "/x.png" })));
    const signal = new AbortController().signal;
    expect(await postJson("frontend.captcha.basic-captcha.refresh", { formId: "contact" }, { signal })).toEqual({ imageSource: "/x.png" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/basic-captcha/refresh");
    expect(init).toMatchObject({ method: "POST", body: '{"formId":"contact"}', credentials: "same-origin", signal });
    expect(sentHeaders().get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(sentHeaders().get("Content-Type")).toBe("application/json");

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ errors: [{ message: "Unknown form." }] }), { status: 400 }));
    await expect(postJson("frontend.captcha.basic-captcha.refresh", { formId: "x" })).rejects.toThrow("Unknown form.");
    fetchMock.mockResolvedValueOnce(new Response("", { status: 502 }));
    await expect(postJson("frontend.captcha.basic-captcha.refresh", { formId: "x" })).rejects.toThrow("Request failed with status 502");
  });
});
