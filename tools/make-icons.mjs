// Draws the app's PNG icons from its SVGs (www/icon.svg, and
// www/icons/maskable.svg: full-bleed, the design inside the central 80% safe
// zone that launchers may crop to a circle) with headless Chromium:
//   node tools/make-icons.mjs        (after ./setup.sh browser; the PNGs are committed)
import { chromium } from '../tests/browser/node_modules/playwright-core/index.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const www = path.join(path.dirname(fileURLToPath(import.meta.url)), '../www');
const ICONS = [
  ['icon.svg', 'icons/icon-192.png', 192],
  ['icon.svg', 'icons/icon-512.png', 512],
  ['icons/maskable.svg', 'icons/maskable-512.png', 512],
  ['icon.svg', 'icons/apple-touch-icon.png', 180],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [svg, png, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const data = fs.readFileSync(path.join(www, svg), 'utf8');
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}" width="${size}" height="${size}">`);
    await page.waitForFunction(() => document.images[0].complete);
    await page.screenshot({ path: path.join(www, png), omitBackground: true });
    await page.close();
    console.log(`${png} ${fs.statSync(path.join(www, png)).size} bytes`);
  }
} finally {
  await browser.close();
}
