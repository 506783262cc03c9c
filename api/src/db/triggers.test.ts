import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { REPO_DIR } from '../config';
import { setUpApp } from '../test';
import { rowsOf } from './rows';

const t = setUpApp();

describe('the triggers', () => {
  it('are each named in docs/architecture.md, with what they keep', async () => {
    const triggers = rowsOf<{ name: string }>(
      await t.db.execute(sql`select tgname as name from pg_trigger where not tgisinternal order by tgname`),
    ).map((row) => row.name);
    expect(triggers.length).toBeGreaterThan(20);
    const doc = readFileSync(join(REPO_DIR, 'docs/architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## What the database keeps by itself'));
    expect(triggers.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });
});
