// A minimal test harness: named tests run in order, each failure is printed
// with its message, and the summary line is `N passed, N failed`.

const tests = [];
export function test(name, fn) {
  tests.push({ name, fn });
}

/** Thrown when the browser running the tests lacks a capability a test needs
 * (say, a clipboard in headless mode). Only this is reported as a skip: the
 * product not doing something is a failure, never a skip. The message must
 * name the missing browser capability. */
export class BrowserLacks extends Error {}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}
export function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual),
    e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

export async function runAll(context) {
  return runTests(tests, context, process.env.ONLY);
}

/** Runs `list` ({name, fn}); exported for the harness's own unit test. */
export async function runTests(list, context, only = undefined, log = console.log) {
  let passed = 0,
    failed = 0,
    skipped = 0;
  for (const t of list) {
    if (only && !t.name.includes(only)) continue;
    const started = Date.now();
    try {
      await t.fn(context);
      passed++;
      log(`ok   ${t.name} (${Date.now() - started} ms)`);
    } catch (err) {
      if (err instanceof BrowserLacks) {
        skipped++;
        log(`skip ${t.name}: the browser lacks ${err.message}`);
        continue;
      }
      failed++;
      log(
        `FAIL ${t.name}\n     ${String(err?.stack ?? err)
          .split('\n')
          .slice(0, 4)
          .join('\n     ')}`,
      );
    }
  }
  return { passed, failed, skipped };
}
