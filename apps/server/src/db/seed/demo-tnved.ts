import { tnvedFixtureZip } from '../../modules/customs/tnved/fixture';
import { tnvedImport } from '../../modules/customs/tnved/import';
import { applyImport } from '../../platform/imports';
import { asSystem, type CallContext } from '../../platform/resources/context';

/**
 * The TNVED library's demo: the real slice of the FNS classifier the tests use, loaded through the import
 * as a customs specialist would load TNVED.ZIP, so /tnved-library has sections, headings and codes with
 * their history (a superseded code among them).
 */
export async function seedDemoTnved(ctx: CallContext): Promise<void> {
  const zip = tnvedFixtureZip();
  if (!zip) return;
  await applyImport(asSystem(ctx, 'demo data'), tnvedImport, zip, undefined);
}
