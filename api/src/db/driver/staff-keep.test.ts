import { describe, expect, it } from '@rstest/core';
import { StaffKeep } from './staff-keep';

describe('the keep of staff rows', () => {
  it('reads a row once and keeps it until the staff tables change', async () => {
    const keep = new StaffKeep<string>();
    let loads = 0;
    const load = async () => `read ${++loads}`;
    expect(await keep.read('token', load)).toBe('read 1');
    expect(await keep.read('token', load)).toBe('read 1');
    keep.changed();
    expect(await keep.read('token', load)).toBe('read 2');
  });

  it('does not keep a row that was being read when a change came', async () => {
    const keep = new StaffKeep<string>();
    let finish!: (row: string) => void;
    const underWay = keep.read('token', () => new Promise((resolve) => (finish = resolve)));
    keep.changed();
    finish('as it was');
    expect(await underWay).toBe('as it was');
    expect(await keep.read('token', async () => 'as it is')).toBe('as it is');
  });

  it('keeps nothing for a token without a session', async () => {
    const keep = new StaffKeep<string>();
    let loads = 0;
    const none = async () => {
      loads++;
      return undefined;
    };
    await keep.read('unknown', none);
    await keep.read('unknown', none);
    expect(loads).toBe(2);
  });
});
