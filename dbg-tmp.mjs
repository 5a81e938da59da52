import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto("http://localhost:3401/electronics/");
await page.waitForTimeout(1500);
await page.evaluate(() => window.scrollTo(0, 420));
await page.screenshot({ path: "/tmp/shots/delivery.png" });
await browser.close();
