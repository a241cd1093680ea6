import { describe, expect, it } from 'vitest';
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
