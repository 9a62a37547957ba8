/**
 * src/ui/signals.ts, the panel's signals integration: a component re-renders when a signal it read changes, only
 * that component, with what it reads now; unmounted components stop listening; useSignalEffect re-runs and
 * cleans up.
 */
import { signal } from '@preact/signals-core';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { useSignalEffect } from '../../src/ui/signals';

afterEach(cleanup);

describe('components that read signals', () => {
  test('re-render when a signal they read changes, and only they do', async () => {
    const count = signal(1);
    const renders = { parent: 0, child: 0 };
    function Child() {
      renders.child += 1;
      return <p>count {count.value}</p>;
    }
    function Parent() {
      renders.parent += 1;
      return <Child />;
    }
    render(<Parent />);
    expect(screen.getByText('count 1')).toBeTruthy();
    await act(() => {
      count.value = 2;
    });
    expect(screen.getByText('count 2')).toBeTruthy();
    expect(renders).toEqual({ parent: 1, child: 2 });
  });

  test('listen to what the latest render read, not to what an earlier one did', async () => {
    const showA = signal(true);
    const a = signal('a1');
    const b = signal('b1');
    let renders = 0;
    function Pick() {
      renders += 1;
      return <p>{showA.value ? a.value : b.value}</p>;
    }
    render(<Pick />);
    await act(() => {
      showA.value = false;
    });
    expect(screen.getByText('b1')).toBeTruthy();
    const before = renders;
    await act(() => {
      a.value = 'a2'; // no longer read
    });
    expect(renders).toBe(before);
    await act(() => {
      b.value = 'b2';
    });
    expect(screen.getByText('b2')).toBeTruthy();
  });

  test('stop listening once unmounted', async () => {
    const text = signal('x');
    let renders = 0;
    function Reader() {
      renders += 1;
      return <p>{text.value}</p>;
    }
    const { unmount } = render(<Reader />);
    unmount();
    await act(() => {
      text.value = 'y';
    });
    expect(renders).toBe(1);
  });
});

describe('useSignalEffect', () => {
  test('runs after render, again when a signal it read changes, and cleans up on unmount', async () => {
    const level = signal(1);
    const seen: string[] = [];
    function Watcher() {
      useSignalEffect(() => {
        const value = level.value;
        seen.push(`run ${value}`);
        return () => seen.push(`cleanup ${value}`);
      });
      return null;
    }
    const { unmount } = render(<Watcher />);
    await act(() => undefined);
    await act(() => {
      level.value = 2;
    });
    unmount();
    await act(() => {
      level.value = 3;
    });
    expect(seen).toEqual(['run 1', 'cleanup 1', 'run 2', 'cleanup 2']);
  });
});
