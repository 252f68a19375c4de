// One small driver interface over three browser engines, so that a
// cross-engine scenario is written once (see engines.test.mjs):
//   Chromium  playwright-core, the system /usr/bin/chromium
//   Firefox   playwright-core (channel moz-firefox, WebDriver BiDi), /usr/bin/firefox-esr
//   WebKit    selenium-webdriver against WebKitGTK's WebKitWebDriver + MiniBrowser, in Xvfb
// Each engine is launched once per run; each tab gets a fresh profile
// (a new context in Playwright, a new session in WebKit).
//
// A Tab has: goto(url), eval(fn, arg), waitFor(fn, arg, ms), click(x, y),
// press(key), screenshot(file), errors(), setOffline(on), workers(), close().
// `fn` runs in the page (it must not close over test variables); `arg` is JSON.
// What an engine cannot do is in `can` (and the cross-engine table of docs/testing.md).
import { chromium, firefox } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './browser.mjs';

export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Records errors and exceptions inside the page, for drivers without a log
 * (WebKit); served by the test server as /__recorder.js (see server.mjs).
 * One message is left out: WebKit now and then reports "ResizeObserver loop
 * completed with undelivered notifications" (2 of about 150 runs of one
 * scenario in round 5, with the board's observer drawing in the callback
 * and with it drawing in the next frame alike); the specification makes it
 * a notice that a resize waits for the next frame, and Safari is known to
 * report it where other engines do not. Counted in window.__resizeLoops. */
export const RECORDER = `(() => {
  if (window.__errors) return;
  const errors = window.__errors = [];
  window.__resizeLoops = 0;
  const error = console.error.bind(console);
  console.error = (...args) => { errors.push('console: ' + args.map(String).join(' ')); error(...args); };
  addEventListener('error', (e) => {
    if (/^ResizeObserver loop completed with undelivered notifications/.test(e.message || '')) { window.__resizeLoops++; return; }
    errors.push('exception: ' + (e.message || (e.target && e.target.src) || 'resource failed'));
  }, true);
  addEventListener('unhandledrejection', (e) => errors.push('exception: ' + (e.reason && e.reason.message || e.reason)));
})();`;

const VIEWPORT = { width: 1280, height: 800 };
/** waitFor's default bound: it only stops a hang. On the shared 2-core
 * machine (load average 20-30) WebKit once took over 15 s to load the app. */
const WAIT_MS = 60_000;

/** Whether an engine's browser is installed here. */
export function installed(name) {
  if (name === 'chromium') return fs.existsSync(CHROMIUM);
  if (name === 'firefox') return fs.existsSync(FIREFOX);
  if (name === 'webkit') return fs.existsSync(WEBKIT_DRIVER) && fs.existsSync(MINIBROWSER);
  return false;
}

/** Launches one engine by name: 'chromium', 'firefox' or 'webkit'. */
export async function launchEngine(name) {
  if (name === 'chromium') {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    return playwrightEngine(name, async () => browser, { offline: true, workers: true, serviceWorkers: true, darkMode: true, cdp: true });
  }
  if (name === 'firefox') {
    // A HOME of its own (one per browser), and the remote-settings host pointed at loopback
    // (with the devtools switch that lets it be changed): no test touches the network.
    const homes = [];
    // The colour scheme is a browser pref here (the driver's emulation does
    // nothing): a second browser, launched when a dark tab is first asked for.
    const launchFirefox = (dark) =>
      firefox.launch({
        channel: 'moz-firefox',
        executablePath: FIREFOX,
        headless: true,
        env: {
          ...process.env,
          HOME: homes[homes.push(fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-firefox-'))) - 1],
          MOZ_REMOTE_SETTINGS_DEVTOOLS: '1',
        },
        firefoxUserPrefs: {
          'services.settings.server': 'http://127.0.0.1:9/',
          'network.captive-portal-service.enabled': false,
          'app.update.enabled': false,
          'browser.safebrowsing.update.enabled': false,
          'layout.css.prefers-color-scheme.content-override': dark ? 0 : 1,
        },
      });
    // offline: false: setOffline took the page offline but a fetch through
    // the service worker still reached the server, so an offline reload
    // would prove nothing.
    return playwrightEngine(
      name,
      launchFirefox,
      { offline: false, workers: true, serviceWorkers: false, darkMode: true, cdp: false },
      () => {
        for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
      },
    );
  }
  if (name === 'webkit') return webkitEngine();
  throw new Error(`unknown engine ${name}`);
}

/** @param {string} name @param {(dark: boolean) => Promise<import('playwright-core').Browser>} launch */
async function playwrightEngine(name, launch, can, cleanup = () => {}) {
  /** One browser per colour scheme, launched when first needed. */
  const browsers = new Map();
  const browserFor = (dark) => {
    if (!browsers.has(dark)) browsers.set(dark, launch(dark));
    return browsers.get(dark);
  };
  const light = await browserFor(false);
  return {
    name,
    can,
    version: light.version(),
    async newTab({ dark = false, viewport = VIEWPORT, mobile = false } = {}) {
      const browser = await browserFor(dark);
      const context = await browser.newContext({
        viewport,
        colorScheme: dark ? 'dark' : 'light',
        ...(mobile ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
      return {
        page,
        context,
        goto: async (url) => {
          await page.goto(url);
        },
        eval: (fn, arg) => page.evaluate(fn, arg),
        waitFor: async (fn, arg, ms = WAIT_MS) => {
          await page.waitForFunction(fn, arg, { timeout: ms });
        },
        click: (x, y) => page.mouse.click(x, y),
        press: (key) => page.keyboard.press(key),
        screenshot: async (file) => {
          // Playwright's screenshot injects a style element into the page; in
          // Firefox the app's strict CSP reports it. That report is the
          // driver's doing, not the page's: drop it.
          const before = errors.length;
          await page.screenshot({ path: file, caret: 'initial' });
          await page.waitForTimeout(50);
          const added = errors.splice(before).filter((e) => !/blocked an inline style/.test(e));
          errors.push(...added);
        },
        errors: async () => [...errors], // the recorder's entries would repeat these
        setOffline: (on) => context.setOffline(on),
        workers: async () => page.workers().map((w) => w.url()),
        close: () => context.close(),
      };
    },
    close: async () => {
      for (const b of new Set(browsers.values())) await (await b).close();
      cleanup();
    },
  };
}

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => {
        c.end();
        resolve(true);
      });
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on port ${port} after ${ms} ms`);
}

/** Rejects after `ms` (a wrong WebKit argument makes a request hang silently). */
const within = (promise, ms, what) => {
  promise.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms).unref()),
  ]);
};

/** Starts Xvfb on a free display; resolves to {display, stop}. */
async function startXvfb() {
  for (let n = 90 + Math.floor(Math.random() * 100); ; n++) {
    if (fs.existsSync(`/tmp/.X${n}-lock`)) continue;
    const proc = spawn('Xvfb', [`:${n}`, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    const alive = await new Promise((resolve) => {
      const t = setTimeout(() => resolve(true), 400);
      proc.once('exit', () => {
        clearTimeout(t);
        resolve(false);
      });
    });
    if (alive) return { display: `:${n}`, stop: () => proc.kill() };
  }
}

async function webkitEngine() {
  const { Builder, Key } = await import('selenium-webdriver');
  const xvfb = process.env.DISPLAY ? { display: process.env.DISPLAY, stop: () => {} } : await startXvfb();
  // The driver in a process group of its own, so that stopping it also stops
  // the MiniBrowser it started.
  let driverProc = null,
    port = 0;
  const startDriver = async () => {
    port = await freePort();
    driverProc = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, DISPLAY: xvfb.display },
    });
    await waitForPort(port, 10000);
  };
  const stopDriver = () => {
    try {
      process.kill(-driverProc.pid, 'SIGKILL');
    } catch {
      /* gone already */
    }
  };
  await startDriver();
  // Stopped with the runner, even when it is interrupted (see cross-engine.mjs).
  const onExit = () => {
    stopDriver();
    xvfb.stop();
  };
  process.once('exit', onExit);
  const KEYS = {
    Enter: Key.ENTER,
    Escape: Key.ESCAPE,
    Backspace: Key.BACK_SPACE,
    Tab: Key.TAB,
    ' ': Key.SPACE,
    ArrowUp: Key.ARROW_UP,
    ArrowDown: Key.ARROW_DOWN,
    ArrowLeft: Key.ARROW_LEFT,
    ArrowRight: Key.ARROW_RIGHT,
  };
  const can = { offline: false, workers: false, serviceWorkers: false, darkMode: true, cdp: false };
  // WebKitGTK's version (MiniBrowser's user agent names a Safari version instead).
  const version = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], { encoding: 'utf8' }).trim();
  return {
    name: 'webkit',
    can,
    version,
    async newTab({ dark = false, viewport = VIEWPORT } = {}) {
      const caps = {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...(dark ? ['--dark-mode'] : [])] },
      };
      const session = () =>
        within(new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build(), 45000, 'WebKit session');
      let driver;
      try {
        driver = await session();
      } catch (err) {
        // Seen once on a loaded machine: the session request never answered.
        // A new driver process, once.
        console.error(`webkit: ${err.message}; restarting WebKitWebDriver`);
        stopDriver();
        await startDriver();
        driver = await session();
      }
      await driver.manage().window().setRect({ width: viewport.width, height: viewport.height });
      // The window's outer size includes MiniBrowser's toolbar: make the page's viewport the size asked.
      const inner = await driver.executeScript('return [innerWidth, innerHeight]');
      await driver
        .manage()
        .window()
        .setRect({
          width: viewport.width * 2 - inner[0],
          height: viewport.height * 2 - inner[1],
        });
      // WebDriver runs `fn` as a function body: call it with the argument (a
      // Promise it returns is awaited by the driver).
      const run = (fn, arg) => driver.executeScript(`return (${fn}).apply(null, arguments)`, arg ?? null);
      return {
        driver,
        goto: (url) => driver.get(url),
        eval: run,
        waitFor: async (fn, arg, ms = WAIT_MS) => {
          const until = Date.now() + ms;
          for (;;) {
            if (await run(fn, arg).catch(() => false)) return;
            if (Date.now() > until) throw new Error(`waitFor timed out after ${ms} ms: ${String(fn).slice(0, 120)}`);
            await new Promise((r) => setTimeout(r, 50));
          }
        },
        click: async (x, y) => {
          await driver
            .actions({ async: true })
            .move({ x: Math.round(x), y: Math.round(y), origin: 'viewport' })
            .press()
            .release()
            .perform();
        },
        press: (key) =>
          driver
            .actions({ async: true })
            .sendKeys(KEYS[key] ?? key)
            .perform(),
        screenshot: async (file) => fs.writeFileSync(file, Buffer.from(await driver.takeScreenshot(), 'base64')),
        errors: () => run(() => window.__errors ?? ['the error recorder is not on this page']),
        setOffline: async () => {
          throw new Error('WebKitWebDriver has no offline switch');
        },
        workers: async () => {
          throw new Error('WebKitWebDriver lists no workers');
        },
        close: () => within(driver.quit(), 15000, 'WebKit quit').catch(() => {}),
      };
    },
    close: async () => {
      process.off('exit', onExit);
      onExit();
    },
  };
}
