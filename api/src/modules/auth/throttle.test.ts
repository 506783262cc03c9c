import { beforeAll, describe, expect, it } from '@rstest/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { count, eq, lte } from 'drizzle-orm';
import { loginFailures } from '../../db/schema';
import { setUpApp, TEST_USER, type TestApp } from '../../test';
import { proxyHopTrust } from './throttle';
import { loadConfig } from '../../config';
import { trustedProxies } from '../../http/trusted-proxies';
import { onlyRow } from '../../db/rows';
import { pickCyclic } from '../../lib/pick-cyclic';

type App = TestApp['app'];
// Behind one proxy: the address is X-Forwarded-For's right-most entry, or the connection's without it.
const t = setUpApp({
  loginFailuresPerAccountIp: 3,
  loginFailuresPerIp: 6,
  loginThrottleMinutes: 15,
  loginFailuresPerAccount: 10,
  loginAccountThrottleHours: 24,
  trustedProxyHops: 1,
});
let instances: [App, App];
beforeAll(async () => {
  instances = [t.app, await t.anotherInstance()];
});

const WRONG = 'not the password';
let turn = 0;
/** A sign-in from `ip`, on the two instances in turn, as a load balancer would spread them. */
function login(username: string, password: string, ip: string, app = pickCyclic(instances, turn++)) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
}
const blockedFor = (minutes: number) => ({
  message: `Too many failed sign-in attempts. Try again in ${minutes} minutes.`,
  requestId: expect.any(String),
});
/** Starts each test past every window, so one test's failures do not count in the next. */
const nextDay = () => t.advanceClock(25 * 3_600_000);

describe('the client address', () => {
  const echo = (trustProxy: ReturnType<typeof proxyHopTrust>): FastifyInstance => {
    const app = Fastify({ trustProxy });
    app.get('/ip', async (request) => request.ip);
    return app;
  };
  const ipOf = async (app: FastifyInstance, forwardedFor?: string) =>
    (
      await app.inject({
        url: '/ip',
        remoteAddress: '10.0.0.254',
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).body;

  it('is the entry that many hops from the right; what a client forges on the left is never read', async () => {
    expect(await ipOf(echo(proxyHopTrust(0)), '203.0.113.9')).toBe('10.0.0.254');
    expect(await ipOf(echo(proxyHopTrust(1)))).toBe('10.0.0.254');
    expect(await ipOf(echo(proxyHopTrust(1)), '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(echo(proxyHopTrust(1)), '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    // Two proxies: a load balancer on the private network in front of nginx.
    expect(await ipOf(echo(proxyHopTrust(2)), '198.51.100.1, 10.0.0.7')).toBe('198.51.100.1');
    // A second hop from outside the proxies' network is a forged one: the address stops there.
    expect(await ipOf(echo(proxyHopTrust(2)), '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the connection’s when it does not come from a trusted proxy: a client past the proxy forges nothing', async () => {
    const app = echo(proxyHopTrust(1, trustedProxies('loopback, 10.0.0.0/8')));
    const ipFrom = async (remoteAddress: string) =>
      (await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.1' } })).body;
    expect(await ipFrom('10.0.0.254')).toBe('198.51.100.1');
    expect(await ipFrom('127.0.0.1')).toBe('198.51.100.1');
    expect(await ipFrom('::ffff:127.0.0.1')).toBe('198.51.100.1');
    expect(await ipFrom('203.0.113.50')).toBe('203.0.113.50');
    expect(await ipFrom('192.168.1.9')).toBe('192.168.1.9');
    // The default trusts the machine and the private network, where docs/operations.md puts the proxy.
    const byDefault = echo(proxyHopTrust(1));
    expect(
      (
        await byDefault.inject({
          url: '/ip',
          remoteAddress: '192.168.1.9',
          headers: { 'x-forwarded-for': '198.51.100.1' },
        })
      ).body,
    ).toBe('198.51.100.1');
    expect(
      (
        await byDefault.inject({
          url: '/ip',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': '198.51.100.1' },
        })
      ).body,
    ).toBe('203.0.113.50');
  });

  it('refuses to start with a TRUSTED_PROXIES entry that is no address, subnet or named range', () => {
    for (const list of ['10.0.0.0/33', 'proxy.example.com', '10.0.0', '::1/129']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: list })).toThrow(/TRUSTED_PROXIES/);
    }
    expect(() => loadConfig({ TRUSTED_PROXIES: 'loopback, 10.1.2.3, fd00::/8' })).not.toThrow();
  });

  it('is the connection’s when Fastify 5 is given a bare hop count, which is why the count is passed as a function', async () => {
    // Its types no longer take a number either; the cast shows what a plain JavaScript caller gets.
    expect(await ipOf(echo(1 as unknown as false), '198.51.100.1, 203.0.113.9')).toBe('10.0.0.254');
  });

  it('counts a forged X-Forwarded-For behind the trusted proxy against the real address', async () => {
    nextDay();
    for (let i = 0; i < 3; i++) {
      const response = await pickCyclic(instances, i).inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'tester', password: WRONG },
        remoteAddress: '10.0.0.254',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'tester', password: TEST_USER.password },
      remoteAddress: '10.0.0.254',
      headers: { 'x-forwarded-for': '198.51.100.99, 203.0.113.7' },
    });
    expect(blocked.statusCode).toBe(429);
    const counted = await t.db
      .selectDistinct({ ip: loginFailures.ip })
      .from(loginFailures)
      .where(eq(loginFailures.username, 'tester'));
    expect(counted).toEqual([{ ip: '203.0.113.7' }]);
  });
});

describe('limits shared by every instance', () => {
  it('blocks a username from an address after the limit, with the same count as one instance, until the window ends', async () => {
    nextDay();
    for (let i = 0; i < 3; i++) expect((await login('tester', WRONG, '10.1.0.1')).statusCode).toBe(401);
    // Even the right password waits; the wait shortens as the window passes.
    const blocked = await login('tester', TEST_USER.password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(blockedFor(15));
    t.advanceClock(10 * 60_000);
    expect((await login('tester', TEST_USER.password, '10.1.0.1')).json()).toEqual(blockedFor(5));
    t.advanceClock(5 * 60_000 + 1000);
    expect((await login('tester', TEST_USER.password, '10.1.0.1')).statusCode).toBe(200);
  });

  it('lets the owner in from their own address while another address is blocked for their username', async () => {
    nextDay();
    for (let i = 0; i < 3; i++) expect((await login('tester', WRONG, '10.2.0.66')).statusCode).toBe(401);
    expect((await login('tester', TEST_USER.password, '10.2.0.66')).statusCode).toBe(429);
    expect((await login('tester', TEST_USER.password, '10.2.0.1')).statusCode).toBe(200);
  });

  it('blocks an address that tries many usernames, and no other address', async () => {
    nextDay();
    for (let i = 0; i < 6; i++) expect((await login(`guess${i}`, WRONG, '10.3.0.1')).statusCode).toBe(401);
    expect((await login('tester', TEST_USER.password, '10.3.0.1')).json()).toEqual(blockedFor(15));
    expect((await login('tester', TEST_USER.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('keeps the counts across a restart', async () => {
    nextDay();
    for (let i = 0; i < 3; i++) expect((await login('tester', WRONG, '10.4.0.1')).statusCode).toBe(401);
    const restarted = await t.anotherInstance();
    expect((await login('tester', TEST_USER.password, '10.4.0.1', restarted)).json()).toEqual(blockedFor(15));
  });

  it('lets parallel guesses through no further than the limit', async () => {
    nextDay();
    const responses = await Promise.all(Array.from({ length: 8 }, () => login('tester', WRONG, '10.5.0.1')));
    const statuses = responses.map((response) => response.statusCode);
    const failed = statuses.filter((status) => status === 401).length;
    expect(failed).toBeLessThanOrEqual(3);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await login('tester', TEST_USER.password, '10.5.0.1')).statusCode).toBe(failed === 3 ? 429 : 200);
  });
});

describe('guessing one username from many addresses', () => {
  it('slows the guesses down for a day, but the owner still gets in from an address they used before', async () => {
    nextDay();
    const owner = 'owner';
    await t.signInAs('viewer', owner); // from the harness's address, 127.0.0.1
    expect((await login(owner, TEST_USER.password, '10.6.0.200')).statusCode).toBe(200);
    // 10 failures, 2 from each of 5 addresses: under the per-address limit every time.
    for (let i = 0; i < 10; i++) expect((await login(owner, WRONG, `10.6.1.${i >> 1}`)).statusCode).toBe(401);

    const fresh = await login(owner, TEST_USER.password, '10.6.2.1');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toEqual({
      requestId: expect.any(String),
      message: 'Too many failed sign-in attempts. Try again in 24 hours.',
    });
    expect((await login(owner, TEST_USER.password, '10.6.1.0')).statusCode).toBe(429);
    expect((await login(owner, TEST_USER.password, '10.6.0.200')).statusCode).toBe(200);
    expect((await login(owner, TEST_USER.password, '127.0.0.1')).statusCode).toBe(200);

    t.advanceClock(23 * 3_600_000);
    expect((await login(owner, TEST_USER.password, '10.6.2.1')).json()).toEqual({
      requestId: expect.any(String),
      message: 'Too many failed sign-in attempts. Try again in 1 hour.',
    });
    t.advanceClock(3_600_000);
    expect((await login(owner, TEST_USER.password, '10.6.2.1')).statusCode).toBe(200);
  });
});

describe('the failures table', () => {
  it('drops failures older than the longest window as new ones are written', async () => {
    nextDay();
    expect((await login('someone', WRONG, '10.7.0.1')).statusCode).toBe(401);
    const cutoff = new Date(t.config.now().getTime() - 24 * 3_600_000);
    const { stale } = onlyRow(
      await t.db.select({ stale: count() }).from(loginFailures).where(lte(loginFailures.failedAt, cutoff)),
    );
    expect(stale).toBe(0);
    const { live } = onlyRow(await t.db.select({ live: count() }).from(loginFailures));
    expect(live).toBe(1);
  });
});
