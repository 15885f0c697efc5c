import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureText } from './failure-text';

describe('failureText', () => {
  it('shows the server’s reason for a refusal and a 503, the screen’s own sentence otherwise', () => {
    const drawn = 'The mark was not saved: the marked paper could not be drawn. Save again to retry.';
    expect(failureText(new ApiError(400, 'Score must be 0-100.'), 'Failed.')).toBe('Score must be 0-100.');
    expect(failureText(new ApiError(503, drawn), 'Failed.')).toBe(drawn);
    expect(failureText(new ApiError(500, 'Internal server error.'), 'Failed.')).toBe('Failed.');
    expect(failureText(new TypeError('Failed to fetch'), 'Failed.')).toBe('Failed.');
  });
});
