/**
 * The size budget of the build (test/bench/sizes.ts): which sizes fail `npm run build`. Exact byte counts, so the
 * check is stable; here the report is built by hand to put each set on either side of its limit.
 */
import { describe, expect, test } from 'vitest';
import { BUDGETS, budgetFailures, type SetSize, type SizeReport } from './sizes';

const set = (gzip: number): SetSize => ({ raw: gzip * 3, gzip, brotli: gzip - 100, files: [] });
const report = (initial: number, chat: number, everything: number): SizeReport => ({
  files: [],
  initial: set(initial),
  chat: set(chat),
  everything: set(everything),
  budgets: BUDGETS,
});

describe('budgetFailures', () => {
  test('within every budget: no failure', () => {
    expect(budgetFailures(report(11_190, 37_167, 39_000))).toEqual([]);
  });

  test('everything over the 40 KB target but under its ceiling is reported by the build, not failed', () => {
    expect(BUDGETS.everythingCeilingGzip).toBeGreaterThan(BUDGETS.everythingGzip);
    expect(budgetFailures(report(11_190, 37_167, BUDGETS.everythingCeilingGzip))).toEqual([]);
  });

  test('each enforced limit fails on its own, one byte over, naming the set', () => {
    expect(budgetFailures(report(BUDGETS.initialGzip + 1, 37_167, 44_000))).toEqual([
      'before opening the chat: 12.00 KB gzip > 12.00 KB',
    ]);
    expect(budgetFailures(report(11_190, BUDGETS.chatGzip + 1, 44_000))).toEqual(['the chat: 40.00 KB gzip > 40.00 KB']);
    const [everything, ...rest] = budgetFailures(report(11_190, 37_167, BUDGETS.everythingCeilingGzip + 1));
    expect(rest).toEqual([]);
    expect(everything).toMatch(/^everything: 44\.80 KB gzip > its ceiling 44\.80 KB/);
  });
});
