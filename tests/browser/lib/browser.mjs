// Headless Chromium from the system (playwright-core never downloads a browser).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh browser profile (temp dir) each time: no state leaks between runs. */
export async function launch(options = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const close = async () => {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, close };
}

/** Watches a page for console errors and uncaught exceptions. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Tests open icon.svg first (to reach the origin's storage); a bare SVG
    // document makes Chromium ask for /favicon.ico, which the site does not
    // have: its pages name their icon (<link rel="icon">).
    if (/\/favicon\.ico$/.test(m.location()?.url ?? '')) return;
    errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  return errors;
}
