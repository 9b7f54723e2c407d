import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { fieldErrorsOf, validationErrorsOf } from './fieldErrors';

describe('field errors', () => {
  it('flattens the Validation Failed tree, root messages under root', () => {
    const tree = {
      errors: ['Root problem.'],
      children: {
        cleartextPassword: {
          errors: [],
          children: { first: { errors: ['This value is too short.'], children: {} } },
        },
        items: {
          errors: [],
          children: { '0': { errors: [], children: { name: { errors: ['A', 'B'], children: {} } } } },
        },
      },
    };
    expect(fieldErrorsOf(tree)).toEqual({
      root: ['Root problem.'],
      'cleartextPassword.first': ['This value is too short.'],
      'items.0.name': ['A', 'B'],
    });
  });

  it('only a 400 with a tree is a validation failure', () => {
    expect(validationErrorsOf(new ApiError(403, 'Access denied.'))).toBeNull();
    expect(validationErrorsOf(new Error('x'))).toBeNull();
    expect(
      validationErrorsOf(new ApiError(400, 'Validation Failed', { errors: ['x'], children: {} })),
    ).toEqual({ root: ['x'] });
  });
});
