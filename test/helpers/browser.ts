/** Debian's Chromium driven by playwright-core (no browser download), and the admin login. */
import fs from 'fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN_PASSWORD } from './admin-auth';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (npm test does when it can) or set CHROMIUM_PATH`
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Logs in through the admin's own login form and waits for the home page. */
export async function loginInBrowser(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 60_000 });
}

/** A page of a new browser context, logged in to the admin as `email`, on a tall window. */
export async function adminPage(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1600 } });
  const page = await context.newPage();
  await loginInBrowser(page, baseUrl, email, ADMIN_PASSWORD);
  return page;
}
