import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A clean `npm ci` (docs/decisions/001): every locked package runs on the oldest Node the project names
 * (`engines.node` of package.json, which the README repeats), and every install script it runs is allowed by
 * name in `allowScripts`, so the install prints neither an engine warning nor a skipped script.
 */
const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean }>;
};

type Version = [number, number, number];

function versionOf(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `version` meets one comparator of an engines range: `>=22`, `^20.19.0`, `~20.1`, `20`, `20.x`. */
function meets(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|\^|~|=)?\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(comparator.trim());
  if (!match) throw new Error(`unreadable engine range "${comparator}"`);
  const [, op = '', major, minor, patch] = match;
  const bound: Version = [Number(major), Number(minor) || 0, Number(patch) || 0];
  const order = compare(version, bound);
  switch (op) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && version[0] === bound[0];
    case '~':
      return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    default:
      // `20`, `20.x`, `=20.19.0`: the parts written must match.
      return (
        version[0] === bound[0] &&
        (minor === undefined || minor === 'x' || minor === '*' || version[1] === bound[1]) &&
        (patch === undefined || patch === 'x' || patch === '*' || version[2] === bound[2])
      );
  }
}

/** An npm engines range: alternatives joined by `||`, each comparators joined by spaces (all must hold). */
function satisfies(version: string, range: string): boolean {
  const wanted = versionOf(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter((part) => part !== '' && part !== '*')
      .every((part) => meets(wanted, part)),
  );
}

const oldestNode = versionOf(/\d+(\.\d+){0,2}/.exec(manifest.engines.node)![0]).join('.');

describe('a clean install', () => {
  it('reads engine ranges as npm does', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '>= 22')).toBe(false);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.20.0 || >=22.12.0')).toBe(false);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '^20.12||^22||>=24')).toBe(true);
    expect(satisfies('20.19.0', '>=10.13')).toBe(true);
    expect(satisfies('20.19.0', '>=18 <20')).toBe(false);
  });

  it(`locks no package that needs a newer Node than ${oldestNode}`, () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !satisfies(oldestNode, entry.engines.node))
      .map(([where, entry]) => `${where}@${entry.version}: ${entry.engines?.node}`);
    expect(tooNew).toEqual([]);
  });

  it('allows by name every install script the locked packages run', () => {
    const allowed = new Set(
      Object.entries(manifest.allowScripts ?? {})
        .filter(([, allow]) => allow)
        .map(([name]) => name.replace(/(.)@.*$/, '$1')),
    );
    const unreviewed = Object.entries(lock.packages)
      .filter(([where, entry]) => where.includes('node_modules/') && entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !allowed.has(name));
    expect(unreviewed).toEqual([]);
  });
});
