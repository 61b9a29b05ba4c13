import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import type { ErrorDetail } from '../../contract/schemas/error';
import { applyServerErrors, nearestKnownField, splitFieldPath } from './form-errors';

function detail(field: string, message: string): ErrorDetail {
  return {
    resource: 'app',
    field,
    message,
    code: 'invalid',
    messages: [message],
    codes: ['invalid'],
    value: null,
  };
}

function validationError(...errors: ErrorDetail[]) {
  return new ApiError(422, { message: 'Validation failed', code: 422, errors });
}

const KNOWN = ['name', 'url', 'install_scopes', 'privacy_policy_url', 'routes'];

describe('field paths', () => {
  it('splits dotted and indexed paths', () => {
    expect(splitFieldPath('routes[2].path')).toEqual(['routes', '2', 'path']);
    expect(splitFieldPath('privacy_policy_url.nl')).toEqual(['privacy_policy_url', 'nl']);
  });

  it('finds the field itself, else its nearest known parent, else null', () => {
    expect(nearestKnownField('url', KNOWN)).toBe('url');
    expect(nearestKnownField('privacy_policy_url.nl', KNOWN)).toBe('privacy_policy_url');
    expect(nearestKnownField('routes[2].path', KNOWN)).toBe('routes');
    expect(nearestKnownField('a.b', ['a', 'a.b'])).toBe('a.b');
    expect(nearestKnownField('callbacks', KNOWN)).toBeNull();
  });
});

describe('applyServerErrors', () => {
  it('puts an exact field error on that field and focuses the first one', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      validationError(detail('url', 'Must be a URL'), detail('name', 'Required')),
      setError,
      KNOWN,
    );
    expect(result).toEqual({ formMessage: undefined, fields: ['url', 'name'] });
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'url',
      { type: 'server', message: 'Must be a URL' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'name',
      { type: 'server', message: 'Required' },
      { shouldFocus: false },
    );
  });

  it('puts a dotted path on the nearest known parent, naming the child', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      validationError(
        detail('privacy_policy_url.nl', 'Must be https'),
        detail('privacy_policy_url.de', 'Too long'),
      ),
      setError,
      KNOWN,
    );
    expect(result.fields).toEqual(['privacy_policy_url']);
    expect(setError).toHaveBeenCalledOnce();
    expect(setError).toHaveBeenCalledWith(
      'privacy_policy_url',
      { type: 'server', message: 'nl: Must be https · de: Too long' },
      { shouldFocus: true },
    );
  });

  it('turns an unknown field into the form message, next to fields that landed', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      validationError(detail('url', 'Bad'), detail('callbacks', 'Not allowed')),
      setError,
      KNOWN,
    );
    expect(result).toEqual({ formMessage: 'callbacks: Not allowed', fields: ['url'] });
  });

  it('prefixes the error message when nothing landed on a field', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      validationError(detail('secret', 'Nope'), detail('', 'Whole body')),
      setError,
      KNOWN,
    );
    expect(setError).not.toHaveBeenCalled();
    expect(result.formMessage).toBe('Validation failed: secret: Nope · Whole body');
  });

  it('uses the error message for failures without field errors', () => {
    const setError = vi.fn();
    const network = new ApiError(
      0,
      { message: 'Could not reach the server', code: 0, errors: [] },
      'network',
    );
    expect(applyServerErrors(network, setError, KNOWN)).toEqual({
      formMessage: 'Could not reach the server',
      fields: [],
    });
    expect(applyServerErrors(new Error('boom'), setError, KNOWN).formMessage).toBe('boom');
    expect(applyServerErrors('weird', setError, KNOWN).formMessage).toBe('Something went wrong');
    expect(setError).not.toHaveBeenCalled();
  });
});
