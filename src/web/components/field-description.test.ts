import { describe, expect, it } from 'vitest';
import { describedBy } from './field-description.ts';

describe('describedBy', () => {
  it('names the hint and the error a field shows, and nothing when it shows neither', () => {
    expect(describedBy('field-email', 'We send a link.', 'Enter an address.')).toBe(
      'field-email-hint field-email-error',
    );
    expect(describedBy('field-email', undefined, 'Enter an address.')).toBe('field-email-error');
    expect(describedBy('field-email', 'We send a link.', '')).toBe('field-email-hint');
    expect(describedBy('field-email', undefined, undefined)).toBeUndefined();
  });
});
