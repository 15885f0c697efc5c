import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, apiPrefix: '/api', timeZone: 'Asia/Colombo', s3: undefined });
    expect(config.databaseUrl).toBeUndefined();
  });
  it('accepts an empty API prefix and S3 settings', () => {
    const config = loadConfig({ API_PREFIX: '', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.apiPrefix).toBe('');
    expect(config.s3).toMatchObject({ bucket: 'b', region: 'us-east-1', forcePathStyle: true });
  });
  it('trusts no proxy unless told, and reads TRUST_PROXY as Fastify understands it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ API_PREFIX: 'api/' }, 'API_PREFIX'],
    [{ DATA_DIR: '' }, 'DATA_DIR'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ TIME_ZONE: 'Mars/Olympus' }, 'TIME_ZONE'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ S3_ENDPOINT: 'http://x' }, 'S3_BUCKET'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,not-an-ip' }, 'TRUST_PROXY'],
  ])('stops with a message naming the bad setting %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
