import { describe, expect, it } from 'vitest';
import { CalculatorError, evaluateExpression } from './calculator';

describe('calculator step tool', () => {
  it('computes as OpenJarvis calculator does (Python operator rules)', () => {
    expect(evaluateExpression('2+3*4')).toBe(14);
    expect(evaluateExpression('(2+3)*4')).toBe(20);
    expect(evaluateExpression('2**3**2')).toBe(512);
    expect(evaluateExpression('2^10')).toBe(1024);
    expect(evaluateExpression('-2**2')).toBe(-4);
    expect(evaluateExpression('7 // 2')).toBe(3);
    expect(evaluateExpression('-7 % 3')).toBe(2);
    expect(evaluateExpression('sqrt(16) + abs(-2) + max(1, 5, 3) + min(4, 2)')).toBe(13);
    expect(evaluateExpression('round(3.14159, 2)')).toBe(3.14);
    expect(evaluateExpression('log10(1000) + floor(2.7) + ceil(0.2)')).toBe(6);
    expect(evaluateExpression('2 * pi')).toBeCloseTo(6.283185, 5);
    expect(evaluateExpression('1.5e3 / .5')).toBe(3000);
  });

  it('refuses everything that is not arithmetic, without evaluating code', () => {
    for (const hostile of [
      'process.exit(1)',
      'constructor',
      '__proto__',
      'toString()',
      'x',
      '"a"',
      '1; 2',
      'Math.PI',
      'sqrt',
      '(1',
      '1 +',
      '',
    ]) {
      expect(() => evaluateExpression(hostile), hostile).toThrow(CalculatorError);
    }
    expect(() => evaluateExpression('1/0')).toThrow('division by zero');
    expect(() => evaluateExpression('10**400')).toThrow('not a finite number');
  });

  it('stays bounded on long or deeply nested input', () => {
    expect(() => evaluateExpression('1+'.repeat(600) + '1')).toThrow('longer than');
    expect(() => evaluateExpression('('.repeat(200) + '1' + ')'.repeat(200))).toThrow('nested deeper');
    expect(() => evaluateExpression('-'.repeat(200) + '1')).toThrow('nested deeper');
  });
});
