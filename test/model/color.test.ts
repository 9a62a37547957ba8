import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRgb, parseRgb, readableTextColor } from '../../src/model/color';
import type { Rgb } from '../../src/model/color';

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

describe('parseRgb', () => {
  it.each([
    ['rgb(1,2,3)', { r: 1, g: 2, b: 3 }],
    ['rgb( 0 , 128 ,255 )', { r: 0, g: 128, b: 255 }],
    ['  RGB(10, 20, 30)  ', { r: 10, g: 20, b: 30 }],
  ])('parses %j', (text, color) => {
    expect(parseRgb(text)).toEqual(color);
  });

  it.each([
    ['rgb(256,0,0)'],
    ['rgb(-1,0,0)'],
    ['rgb(1.5,0,0)'],
    ['rgb(1,2)'],
    ['rgb(1,2,3,4)'],
    ['rgba(1,2,3,1)'],
    ['#ff0000'],
    ['red'],
    ['rgb(1,2,3); background: url(x)'],
    [''],
  ])('rejects %j', (text) => {
    expect(parseRgb(text)).toBeNull();
  });

  it.each([[0x123456], [null], [undefined], [{ r: 1, g: 2, b: 3 }]])('rejects the non-string %j', (value) => {
    expect(parseRgb(value)).toBeNull();
  });
});

describe('formatRgb', () => {
  it('writes rgb(r, g, b), which parseRgb reads back', () => {
    expect(formatRgb({ r: 1, g: 22, b: 255 })).toBe('rgb(1, 22, 255)');
    expect(parseRgb(formatRgb({ r: 1, g: 22, b: 255 }))).toEqual({ r: 1, g: 22, b: 255 });
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG 2.x reference values', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // #767676 on white is the well-known lightest grey that passes AA: 4.54:1.
    expect(contrastRatio({ r: 0x76, g: 0x76, b: 0x76 }, WHITE)).toBeCloseTo(4.54, 2);
    // #777777 just fails: 4.48:1.
    expect(contrastRatio({ r: 0x77, g: 0x77, b: 0x77 }, WHITE)).toBeCloseTo(4.48, 2);
  });
});

describe('readableTextColor', () => {
  it('puts dark text on light yellow and white text on navy', () => {
    const onYellow = readableTextColor({ r: 255, g: 250, b: 205 });
    expect(onYellow).not.toBe('rgb(255, 255, 255)');
    expect(contrastRatio(parseRgb(onYellow)!, WHITE)).toBeGreaterThan(10);
    expect(readableTextColor({ r: 0, g: 0, b: 128 })).toBe('rgb(255, 255, 255)');
  });

  it('puts white text on the default blue and dark text on white', () => {
    expect(readableTextColor({ r: 37, g: 99, b: 235 })).toBe('rgb(255, 255, 255)');
    expect(readableTextColor(WHITE)).not.toBe('rgb(255, 255, 255)');
  });

  it('reaches AA (4.5:1) against every colour of a 16-step grid of the whole RGB cube', () => {
    const failures: string[] = [];
    for (let r = 0; r <= 255; r += 17) {
      for (let g = 0; g <= 255; g += 17) {
        for (let b = 0; b <= 255; b += 17) {
          const background = { r, g, b };
          const text = parseRgb(readableTextColor(background));
          if (text === null || contrastRatio(background, text) < 4.5) failures.push(formatRgb(background));
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('reaches AA on the mid greys where neither white nor the near-black would', () => {
    // Greys rgb(119,119,119) to rgb(128,128,128) fall short of 4.5:1 with both white and the near-black text colour.
    for (let value = 110; value <= 135; value += 1) {
      const background = { r: value, g: value, b: value };
      const text = parseRgb(readableTextColor(background))!;
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
