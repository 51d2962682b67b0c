import { describe, expect, it } from 'vitest';
import { formatTireSize } from '../../worker/src/schemas/tires.ts';

/** Types the text one key at a time, formatting after each key as the input does. */
const type = (text: string, start = '') => [...text].reduce((value, key) => formatTireSize(value + key), start);

describe('tire size input', () => {
  it('turns the first space into " / " and the second into " R "', () => {
    expect(type('225 50 16')).toBe('225 / 50 R 16');
    expect(type('195 65 15 91H')).toBe('195 / 65 R 15 91H');
  });

  it('keeps a size typed or pasted already formatted', () => {
    expect(formatTireSize('225 / 50 R 16')).toBe('225 / 50 R 16');
    expect(formatTireSize('225/50R16')).toBe('225/50R16');
  });

  it('removes a separator whole when deleting into it', () => {
    expect(formatTireSize('225 /')).toBe('225');
    expect(formatTireSize('225 / 50 R')).toBe('225 / 50');
  });
});
