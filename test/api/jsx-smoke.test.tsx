import { render, screen } from '@testing-library/preact';
import { expect, test } from 'vitest';

test('preact renders through the dom project', () => {
  render(<p>hello</p>);
  expect(screen.getByText('hello').tagName).toBe('P');
});
