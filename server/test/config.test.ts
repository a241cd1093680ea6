import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { loadConfig, trustProxy } from '../src/config';

describe('TRUST_PROXY', () => {
  it('is off unless set, and true trusts every hop', () => {
    expect([undefined, '', 'false', '0'].map(trustProxy)).toEqual([false, false, false, false]);
    expect(trustProxy('true')).toBe(true);
  });

  it('takes a hop count', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDRs', () => {
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(trustProxy('loopback')).toEqual(['loopback']);
  });

  it('refuses anything else at start-up rather than trusting by accident', () => {
    expect(() => trustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});

describe('RATE_LIMIT_SIGNUP_PER_IP', () => {
  it('sets the hourly sign-up budget of one address, like the other limits', () => {
    expect(loadConfig({ RATE_LIMIT_SIGNUP_PER_IP: '25' }).app.rateLimit?.signupsPerIpPerHour).toBe(25);
    expect(loadConfig({}).app.rateLimit?.signupsPerIpPerHour).toBeUndefined();
    expect(() => loadConfig({ RATE_LIMIT_SIGNUP_PER_IP: 'ten' })).toThrow(/RATE_LIMIT_SIGNUP_PER_IP/);
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('is no drain unless set, so a process without a proxy in front stops at once', () => {
    expect(loadConfig({}).drainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).drainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '3000' }).drainMs).toBe(3000);
  });

  it('refuses anything but whole milliseconds at start-up', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '3s' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

describe('Production start: PUBLIC_URL and VAPID_SUBJECT', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://lingualog.example.org', VAPID_SUBJECT: 'mailto:ops@example.org' };

  it('starts with both set, https or plain http on loopback', () => {
    expect(loadConfig(production).app.production).toBe(true);
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) expect(loadConfig({ ...production, PUBLIC_URL: url }).app.mail?.publicUrl).toBe(url);
  });

  it('refuses a missing PUBLIC_URL or VAPID_SUBJECT, naming the variable', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/^PUBLIC_URL must be set/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/^PUBLIC_URL must be set/);
    expect(() => loadConfig({ ...production, VAPID_SUBJECT: undefined })).toThrow(/^VAPID_SUBJECT must be set/);
  });

  it('refuses a PUBLIC_URL in plain http on a host other than loopback', () => {
    for (const url of ['http://lingualog.example.org', 'http://10.0.0.5:3000', 'http://localhost.example.org']) {
      expect(() => loadConfig({ ...production, PUBLIC_URL: url }), url).toThrow(/^PUBLIC_URL must be https:/);
    }
  });

  it('keeps the development defaults outside production', () => {
    expect(() => loadConfig({})).not.toThrow();
    expect(() => loadConfig({ PUBLIC_URL: 'http://lingualog.example.org' })).not.toThrow();
  });

  it('stops the server start with one line naming the variable and a non-zero exit status', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@example.org', SERVE_SPA: '', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PUBLIC_URL must be set/);
  }, 40_000);
});
