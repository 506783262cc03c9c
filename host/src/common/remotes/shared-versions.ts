/** One shared library as a remote's mf-manifest.json declares it. */
export interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** The part of a remote's mf-manifest.json the host reads itself. */
export interface Manifest {
  shared: ManifestShared[];
}

export async function fetchManifest(entry: string): Promise<Manifest> {
  const response = await fetch(entry, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
  return (await response.json()) as Manifest;
}

export interface SharedRow extends ManifestShared {
  /**
   * Whether the remote carries a copy of its own. One it takes from the host only (`import: false`,
   * the UI facades) has no build version: its manifest repeats the range there.
   */
  bundled: boolean;
  /** The version the page actually runs (the host's copy for a singleton), if it is known. */
  inUse?: string;
  /** Why this row needs a look, if it does. */
  problem?: SharedProblem;
}

/**
 * 'needs': the running copy does not satisfy the range the remote asked for;
 * 'built': the remote was built with another version than the page runs.
 */
export type SharedProblem = 'needs' | 'built';

function parseVersion(text: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `version` satisfies the ranges remotes are built with: '^x.y.z', '~x.y.z', an exact
 * version, or false/'*' (anything). Returns undefined for a range it cannot judge.
 */
export function satisfies(version: string, range: string | false | undefined): boolean | undefined {
  if (range === false || range === undefined || range === '*' || range === '') return true;
  const have = parseVersion(version);
  const want = parseVersion(range.replace(/^[\^~=]/, ''));
  if (!have || !want) return undefined;
  if (compare(have, want) < 0) return false;
  if (range.startsWith('^')) {
    // Caret: same leftmost non-zero part.
    if (want[0] > 0) return have[0] === want[0];
    if (want[1] > 0) return have[0] === 0 && have[1] === want[1];
    return have[0] === 0 && have[1] === 0 && have[2] === want[2];
  }
  if (range.startsWith('~')) return have[0] === want[0] && have[1] === want[1];
  return compare(have, want) === 0;
}

/**
 * Compares what a remote asked for with what the page runs. A singleton whose running version
 * does not satisfy the remote's range is a real problem (the remote may break); a remote built
 * with another version than the one running is worth knowing before the next release (only
 * when it bundled a copy: one it takes from the host has only the range to check).
 */
export function compareShared(declared: ManifestShared[], inUse: Record<string, string>): SharedRow[] {
  return declared.map((shared) => {
    const bundled = parseVersion(shared.version) !== null;
    const running = inUse[shared.name];
    if (!running) return { ...shared, bundled };
    const ok = satisfies(running, shared.requiredVersion);
    let problem: SharedProblem | undefined;
    if (ok === false) problem = 'needs';
    else if (bundled && running !== shared.version) problem = 'built';
    return { ...shared, bundled, inUse: running, problem };
  });
}

/** A shared library a remote needs in a version the page does not run. */
export interface UnmetNeed {
  name: string;
  /** The range the remote's manifest asks for. */
  range: string;
  /** The version the page runs (the host's copy, or the copy loaded first). */
  version: string;
}

/**
 * The release gate's rule (ops/src/gate), for the browser: every singleton a remote declares must
 * be satisfied by the copy the page runs, which is the one the remote gets. A library the page
 * does not run yet is the remote's own business (it brings a copy), and a non-singleton can use
 * the remote's copy.
 */
export function unmetNeeds(declared: ManifestShared[], inUse: Record<string, string>): UnmetNeed[] {
  return compareShared(
    declared.filter((shared) => shared.singleton),
    inUse,
  ).flatMap((row) =>
    row.problem === 'needs' && row.inUse && row.requiredVersion
      ? [{ name: row.name, range: row.requiredVersion, version: row.inUse }]
      : [],
  );
}
