import { describe, expect, it } from 'vitest';
import { SliceSizer } from './slices';

describe('SliceSizer', () => {
  const options = { targetMs: 10, min: 25, max: 2_000, first: 100 };

  it('makes the next slice small at once when one took too long', () => {
    const sizer = new SliceSizer(options);
    sizer.took(100, 40); // 0.4 ms per row
    expect(sizer.size).toBe(25);
  });

  it('lets a fast slice at most double the next one, up to the maximum', () => {
    const sizer = new SliceSizer(options);
    sizer.took(100, 1);
    expect(sizer.size).toBe(200);
    for (let i = 0; i < 10; i++) sizer.took(sizer.size, 0);
    expect(sizer.size).toBe(2_000);
  });

  it('settles where a slice takes about the target time', () => {
    const sizer = new SliceSizer(options);
    for (let i = 0; i < 10; i++) sizer.took(sizer.size, sizer.size * 0.05); // 50 µs per row
    expect(sizer.size).toBe(200);
  });
});
