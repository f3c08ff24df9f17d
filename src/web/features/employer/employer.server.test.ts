import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './employer.server.ts';

describe('fieldErrorsOf', () => {
  it("keeps a failure's errors by field", () => {
    expect(
      fieldErrorsOf(
        {
          message: 'Check the fields',
          fieldErrors: { title: 'Title is required', city: 'Pick a city' },
        },
        'form',
      ),
    ).toEqual({ title: 'Title is required', city: 'Pick a city' });
  });

  it('shows a failure that names no field at the key given', () => {
    expect(fieldErrorsOf({ message: 'That board was not found' }, 'boardId')).toEqual({
      boardId: 'That board was not found',
    });
  });

  it('leaves out a field without a message, and a failure without any', () => {
    expect(
      fieldErrorsOf({ fieldErrors: { title: 'Title is required', city: undefined } }, 'form'),
    ).toEqual({
      title: 'Title is required',
    });
    expect(fieldErrorsOf({}, 'form')).toEqual({});
  });
});
