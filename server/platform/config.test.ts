import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATABASE_URL: './data/site-console.db',
      DATABASE_POOL_SIZE: 10,
      DATABASE_ACQUIRE_TIMEOUT_MS: 5000,
      DATABASE_WORK_PER_TOKEN: 4,
      DATABASE_WORK_PER_SITE: 6,
      DATABASE_WORK_WAIT_MS: 5000,
      ALERTS_DATABASE_POOL_SIZE: 2,
      ALERTS_STATEMENT_TIMEOUT_MS: 30_000,
      LEADER_RETRY_MS: 15_000,
      AUTH_FAILURES_PER_MINUTE: 10,
      DEMO: true,
      DEMO_LOGS: true,
      LOG_RETENTION_DAYS: 14,
      LOG_RETENTION_INTERVAL_SECONDS: 3600,
      REVISION_KEEP_PER_RESOURCE: 100,
      REVISION_RETENTION_DAYS: 365,
      LOG_QUOTA_PER_MINUTE: 60_000,
      LOG_QUOTA_BYTES: 2 ** 31,
      CORS_ORIGINS: [],
      STATIC_DIR: 'dist',
      TRUST_PROXY: false,
      SPAMD_ADDRESS: '127.0.0.1:783',
    });
  });

  it('reads the log quotas, 0 turning each off, and refuses a negative or fractional one', () => {
    const quota = loadConfig({ LOG_QUOTA_PER_MINUTE: '0', LOG_QUOTA_BYTES: '1048576' });
    expect(quota.LOG_QUOTA_PER_MINUTE).toBe(0);
    expect(quota.LOG_QUOTA_BYTES).toBe(1_048_576);
    expect(() => loadConfig({ LOG_QUOTA_PER_MINUTE: '-1' })).toThrow(/LOG_QUOTA_PER_MINUTE/);
    expect(() => loadConfig({ LOG_QUOTA_BYTES: '1.5' })).toThrow(/LOG_QUOTA_BYTES/);
  });

  it('reads how often an instance tries to lead, 100 ms at least', () => {
    expect(loadConfig({ LEADER_RETRY_MS: '200' }).LEADER_RETRY_MS).toBe(200);
    // The alerts' pool keeps one connection of each kind, and a statement ends under the 2-minute lease.
    expect(() => loadConfig({ ALERTS_DATABASE_POOL_SIZE: '1' })).toThrow(
      /ALERTS_DATABASE_POOL_SIZE/,
    );
    expect(() => loadConfig({ ALERTS_STATEMENT_TIMEOUT_MS: '120000' })).toThrow(
      /ALERTS_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ LEADER_RETRY_MS: '50' })).toThrow(/LEADER_RETRY_MS/);
  });

  it('reads the failed-auth limit per minute and refuses 0', () => {
    expect(loadConfig({ AUTH_FAILURES_PER_MINUTE: '500' }).AUTH_FAILURES_PER_MINUTE).toBe(500);
    expect(() => loadConfig({ AUTH_FAILURES_PER_MINUTE: '0' })).toThrow(/AUTH_FAILURES_PER_MINUTE/);
  });

  it('reads TRUST_PROXY as off, on or a list of proxy addresses', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('127.0.0.1, 10.0.0.0/8,loopback, ::1')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    expect(() => trust('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trust('2')).toThrow(/TRUST_PROXY/);
  });

  it('parses values, flags and the origin list', () => {
    const config = loadConfig({
      PORT: '18123',
      DEMO: '0',
      DEMO_LOGS: '0',
      DATABASE_URL: ':memory:',
      CORS_ORIGINS: 'https://a.example.com, http://localhost:5173/',
    });
    expect(config).toMatchObject({
      PORT: 18123,
      DEMO: false,
      DEMO_LOGS: false,
      DATABASE_URL: ':memory:',
      CORS_ORIGINS: ['https://a.example.com', 'http://localhost:5173'],
    });
  });

  it('names the variable of an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO: 'yes please' })).toThrow(/DEMO/);
    expect(() => loadConfig({ CORS_ORIGINS: 'example.com' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ LOG_RETENTION_DAYS: '-1' })).toThrow(/LOG_RETENTION_DAYS/);
  });
});
