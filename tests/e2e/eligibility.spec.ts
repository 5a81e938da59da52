import { expect, test, type Page } from "@playwright/test";
import { registerGuest } from "./support/accounts";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * Issue 26 point 2 (CONTRACT §8, §9): the Boxing Gloves need the eligibility check. The confirm page's
 * group Eligibility offers the select Customer group; Submit order waits until the choice is satisfied;
 * an order with a proof appears in the console's Eligibility proofs and is approved there.
 */

const OPERATOR = { email: "operator@vitrine.example", password: "operator-demo" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

/** Puts the Boxing Gloves into the context's cart (their product page's add-to-cart form, without JavaScript). */
async function glovesInCart(page: Page, baseURL: string | undefined) {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const url = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).find((loc) => loc.includes("boxing-gloves"));
  expect(url, "the Boxing Gloves' page in the sitemap").toBeDefined();
  const html = await (await page.request.get(new URL(url!).pathname)).text();
  const variantId = /name="variantId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(variantId, "the Boxing Gloves' add-to-cart form").toBeDefined();
  const response = await page.request.post("/checkout/line-item/add", {
    form: { variantId: variantId!, quantity: "1", redirectTo: "frontend.checkout.cart.page" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

async function confirmPage(page: Page, baseURL: string | undefined) {
  await registerGuest(page, baseURL);
  await glovesInCart(page, baseURL);
  await gotoHydrated(page, "/checkout/confirm");
  const group = page.getByRole("group", { name: "Eligibility" });
  await expect(group).toBeVisible();
  return { group, select: group.getByRole("combobox", { name: "Customer group" }), submit: page.getByRole("button", { name: "Submit order" }) };
}

const uploadProof = async (page: Page, group: ReturnType<Page["getByRole"]>) => {
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/eligibility/proof");
  await group.getByLabel("Proof of eligibility").setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: PDF });
  expect((await answer).status()).toBe(200);
  await expect(group.getByRole("status")).toHaveText("Uploaded: licence.pdf");
};

test("none: a private customer may submit at once; the group has no axe violations", async ({ page, baseURL }) => {
  const { group, select, submit } = await confirmPage(page, baseURL);
  await expect(submit).toBeDisabled();
  await expect(group.getByLabel("Proof of eligibility")).toHaveCount(0);
  await expectNoAxeViolations(page, "the eligibility group before a choice");
  await select.selectOption({ label: "Private customer" });
  await expect(submit).toBeEnabled();
  await expect(group.getByLabel("Proof of eligibility")).toHaveCount(0);
  await expect(group.getByRole("textbox", { name: "Verification text" })).toHaveCount(0);
});

test("check_om: a registered trade customer's choice is sent to setCheckOmSubgroup and submit is enabled", async ({ page, baseURL }) => {
  const { select, submit } = await confirmPage(page, baseURL);
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/eligibility/setCheckOmSubgroup/");
  await select.selectOption({ label: "Registered trade customer" });
  const request = await sent;
  expect(new URL(request.url()).searchParams.get("eligibleSubGroup")).toBe("trade");
  expect(request.headers()["x-requested-with"]).toBe("XMLHttpRequest");
  expect((await request.response())?.status()).toBe(200);
  await expect(submit).toBeEnabled();
});

test("file: submit waits for the proof; text: it needs the proof and the verification text", async ({ page, baseURL }) => {
  const { group, select, submit } = await confirmPage(page, baseURL);
  await select.selectOption({ label: "Licensed professional" });
  await expect(group.getByLabel("Proof of eligibility")).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectNoAxeViolations(page, "the eligibility group asking for a proof");
  await uploadProof(page, group);
  await expect(submit).toBeEnabled();

  await select.selectOption({ label: "Other professional" });
  const text = group.getByRole("textbox", { name: "Verification text" });
  await expect(text).toBeVisible();
  // The proof is still there; the text is missing.
  await expect(submit).toBeDisabled();
  await text.fill("Boxing coach, licence 42");
  await expect(submit).toBeEnabled();
  await text.fill("");
  await expect(submit).toBeDisabled();
  await expectNoAxeViolations(page, "the eligibility group asking for a proof and a text");
});

test("an order with a proof appears in the console's Eligibility proofs and is approved there", async ({ page, browser, baseURL }) => {
  const { group, select, submit } = await confirmPage(page, baseURL);
  await select.selectOption({ label: "Other professional" });
  await uploadProof(page, group);
  await group.getByRole("textbox", { name: "Verification text" }).fill("Boxing coach, licence 42");
  await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
  await submit.click();
  await expect(page).toHaveURL(/\/checkout\/finish\?orderId=[0-9a-f-]{36}$/);
  const orderNumber = /\d+/.exec((await page.getByText(/Your order number:\s*\d+/).textContent()) ?? "")![0];

  const context = await browser.newContext({ baseURL });
  const operator = await context.newPage();
  await operator.goto("/admin/eligibility");
  await expect(operator).toHaveURL(/\/admin\/login\?redirectTo=/);
  await operator.getByLabel("Operator email").fill(OPERATOR.email);
  await operator.getByLabel("Operator password").fill(OPERATOR.password);
  await operator.getByRole("button", { name: "Log in" }).click();
  await expect(operator).toHaveURL(/\/admin\/eligibility$/);
  await expect(operator.locator("[data-hydrated]")).toHaveCount(1);
  await expect(operator.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Eligibility proofs" })).toBeVisible();
  const row = operator.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Other professional");
  await expect(row).toContainText("Boxing coach, licence 42");
  await expect(row.getByRole("link", { name: "licence.pdf" })).toBeVisible();
  await expectNoAxeViolations(operator, "the eligibility proofs page");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(operator.getByText(`Order ${orderNumber}: the eligibility is approved.`)).toBeVisible();
  await expect(row).toContainText("Approved");
  await context.close();
});
