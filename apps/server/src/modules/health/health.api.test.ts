import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp();

describe('health', () => {
  it('reports health', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.json()).toMatchObject({ status: 'ok', storage: 'local' });
  });
});
