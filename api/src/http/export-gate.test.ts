import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@rstest/core';
import type { FastifyReply } from 'fastify';
import { EXPORT_RETRY_AFTER_SECONDS, ExportGate } from './export-gate';
import { EXPORTS_BUSY } from './errors';

/** What the gate reads of a reply: its socket's close and the headers it sets. */
function replyOf() {
  const headers: Record<string, string> = {};
  const raw = new EventEmitter();
  const reply = { raw, header: (name: string, value: string) => (headers[name] = value) };
  return { reply: reply as unknown as FastifyReply, raw, headers };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the export gate', () => {
  it('lets one export run at a time, the next in the order they came, each once the last ends', async () => {
    const gate = new ExportGate(1, 5);
    const started: string[] = [];
    const enter = (name: string) => gate.enter(replyOf().reply).then((leave) => (started.push(name), leave));
    const first = await enter('a');
    const second = enter('b');
    const third = enter('c');
    await settled();
    expect(started).toEqual(['a']);
    first();
    first(); // Ending twice (the stream and the socket both close) gives one turn back.
    await settled();
    expect(started).toEqual(['a', 'b']);
    (await second)();
    (await third)();
    expect(started).toEqual(['a', 'b', 'c']);
    // Everything ended: the next export starts at once.
    await enter('d');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses an export beyond those waiting with 503 and Retry-After, and forgets one whose caller left', async () => {
    const gate = new ExportGate(1, 1);
    const running = await gate.enter(replyOf().reply);
    const waiting = replyOf();
    const abandoned = gate.enter(waiting.reply);
    const refused = replyOf();
    await expect(gate.enter(refused.reply)).rejects.toMatchObject({ statusCode: 503, message: EXPORTS_BUSY });
    expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    // The waiting caller goes away: its place is free, and the running export's end starts no one.
    waiting.raw.emit('close');
    const next = gate.enter(replyOf().reply);
    running();
    await next;
    let abandonedStarted = false;
    void abandoned.then(() => (abandonedStarted = true));
    await settled();
    expect(abandonedStarted).toBe(false);
  });

  it('refuses an export that has waited too long, the same way, and keeps no place for it', async () => {
    const gate = new ExportGate(1, 5, 50);
    const running = await gate.enter(replyOf().reply);
    const late = replyOf();
    await expect(gate.enter(late.reply)).rejects.toMatchObject({ statusCode: 503, message: EXPORTS_BUSY });
    expect(late.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    running();
    // Nobody waits any more: the next export starts at once.
    let started = false;
    void gate.enter(replyOf().reply).then(() => (started = true));
    await settled();
    expect(started).toBe(true);
  });
});
