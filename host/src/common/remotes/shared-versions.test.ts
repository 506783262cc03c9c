import { describe, expect, it } from '@rstest/core';
import { compareShared, satisfies, unmetNeeds } from './shared-versions';

describe('satisfies', () => {
  it('reads caret, tilde and exact ranges', () => {
    expect(satisfies('19.3.1', '^19.3.1')).toBe(true);
    expect(satisfies('19.4.0', '^19.3.1')).toBe(true);
    expect(satisfies('20.0.0', '^19.3.1')).toBe(false);
    expect(satisfies('19.3.0', '^19.3.1')).toBe(false);
    expect(satisfies('0.5.2', '^0.5.0')).toBe(true);
    expect(satisfies('0.6.0', '^0.5.0')).toBe(false);
    expect(satisfies('1.2.9', '~1.2.3')).toBe(true);
    expect(satisfies('1.3.0', '~1.2.3')).toBe(false);
    expect(satisfies('1.0.0', '1.0.0')).toBe(true);
    expect(satisfies('1.0.1', '1.0.0')).toBe(false);
    expect(satisfies('1.0.1', false)).toBe(true);
    expect(satisfies('1.0.1', '>=1 <2')).toBeUndefined();
  });
});

describe('compareShared', () => {
  it('flags a range the running copy does not satisfy, and a build against another version', () => {
    const rows = compareShared(
      [
        { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
        { name: '@admin/shared/ui', version: '1.1.0', requiredVersion: '^1.1.0' },
        { name: 'axios', version: '1.21.0', requiredVersion: '^1.21.0' },
        { name: 'zustand', version: '5.1.0', requiredVersion: '^5.1.0' },
      ],
      { react: '19.3.1', '@admin/shared/ui': '1.0.0', axios: '1.21.1' },
    );
    expect(rows.map((r) => r.problem)).toEqual([undefined, 'needs', 'built', undefined]);
    expect(rows[3]?.inUse).toBeUndefined();
  });

  it('checks only the range of a library the remote takes from the host (its manifest has no build version)', () => {
    const rows = compareShared(
      [
        { name: '@admin/shared/ui', version: '^1.0.0', requiredVersion: '^1.0.0' },
        { name: '@admin/shared/ui-kit', version: '^2.0.0', requiredVersion: '^2.0.0' },
      ],
      { '@admin/shared/ui': '1.0.0', '@admin/shared/ui-kit': '1.0.0' },
    );
    expect(rows.map((r) => [r.bundled, r.problem])).toEqual([
      [false, undefined],
      [false, 'needs'],
    ]);
  });
});

describe('unmetNeeds', () => {
  it('names each singleton whose running copy does not satisfy the range the remote asks for', () => {
    const needs = unmetNeeds(
      [
        { name: 'react', version: '99.0.0', requiredVersion: '^99.0.0', singleton: true },
        { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
        { name: '@admin/shared/ui', version: '^1.1.0', requiredVersion: '^1.1.0', singleton: true },
      ],
      { react: '19.3.1', 'react-dom': '19.3.1', '@admin/shared/ui': '1.0.0' },
    );
    expect(needs).toEqual([
      { name: 'react', range: '^99.0.0', version: '19.3.1' },
      { name: '@admin/shared/ui', range: '^1.1.0', version: '1.0.0' },
    ]);
  });

  it('leaves out what the page does not run, what it cannot judge and what need not be one copy', () => {
    const needs = unmetNeeds(
      [
        { name: 'zustand', version: '5.1.0', requiredVersion: '^5.1.0', singleton: true },
        { name: 'axios', version: '2.0.0', requiredVersion: '>=2 <3', singleton: true },
        { name: 'dayjs', version: '2.0.0', requiredVersion: '^2.0.0' },
        { name: 'react', version: '19.3.1', requiredVersion: false, singleton: true },
      ],
      { axios: '1.21.1', dayjs: '1.11.0', react: '19.3.1' },
    );
    expect(needs).toEqual([]);
  });
});
