import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports health', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.json()).toMatchObject({ status: 'ok', storage: 'local' });
  });
});
