// A minimal test harness: named tests run in order, each failure is printed
// with its message, and the summary line is `N passed, N failed`.

const tests = [];
export function test(name, fn) { tests.push({ name, fn }); }

/** Thrown to skip a test whose subject is not there yet (reported, not counted as passed). */
export class Skip extends Error {}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}
export function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

export async function runAll(context) {
  let passed = 0, failed = 0, skipped = 0;
  const only = process.env.ONLY;
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const started = Date.now();
    try {
      await t.fn(context);
      passed++;
      console.log(`ok   ${t.name} (${Date.now() - started} ms)`);
    } catch (err) {
      if (err instanceof Skip) {
        skipped++;
        console.log(`skip ${t.name}: ${err.message}`);
        continue;
      }
      failed++;
      console.log(`FAIL ${t.name}\n     ${String(err?.stack ?? err).split('\n').slice(0, 4).join('\n     ')}`);
    }
  }
  return { passed, failed, skipped };
}
