import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { makeZip } from '../../test/zips';
import { checkZip, unsafeEntryPath, ZIP_MESSAGES } from './zip-guard';

const refusal = (zip: Buffer, limits?: Parameters<typeof checkZip>[1]) => {
  try {
    checkZip(zip, limits);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('zip guard', () => {
  it('passes an ordinary office archive and lists its entries', () => {
    const doc = new PizZip();
    doc.file('[Content_Types].xml', '<Types/>');
    doc.file('word/document.xml', '<w:document>Заявка</w:document>');
    const zip = doc.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(checkZip(zip)).toEqual(['[Content_Types].xml', 'word/document.xml']);
  });

  it('refuses a zip bomb by its declared total before inflating anything', () => {
    const zeros = Buffer.alloc(2 * 1024 * 1024);
    const bomb = makeZip([1, 2, 3].map((n) => ({ name: `word/part${n}.xml`, content: zeros })));
    expect(refusal(bomb, { maxEntries: 100, maxUncompressedBytes: 5 * 1024 * 1024 })).toBe(
      ZIP_MESSAGES.tooLarge,
    );
  });

  it('refuses one entry past its own limit though the archive is within the total', () => {
    const zip = makeZip([{ name: 'word/document.xml', content: Buffer.alloc(3 * 1024 * 1024) }]);
    const limits = { maxEntries: 100, maxUncompressedBytes: 50 * 1024 * 1024 };
    expect(refusal(zip, { ...limits, maxEntryBytes: 2 * 1024 * 1024 })).toBe(ZIP_MESSAGES.tooLarge);
    expect(refusal(zip, { ...limits, maxEntryBytes: 4 * 1024 * 1024 })).toBeNull();
  });

  it('refuses a zip bomb whose headers understate what it unpacks to', () => {
    const bomb = makeZip([
      { name: 'word/document.xml', content: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(refusal(bomb)).toBe(ZIP_MESSAGES.tooLarge);
  });

  it('refuses an archive with more entries than allowed', () => {
    const many = makeZip(
      Array.from({ length: 11 }, (_, n) => ({ name: `f${n}.xml`, content: Buffer.from('x') })),
    );
    expect(refusal(many, { maxEntries: 10, maxUncompressedBytes: 1024 })).toBe(ZIP_MESSAGES.tooManyEntries);
  });

  it('refuses zip-slip entries', () => {
    for (const name of [
      '../../etc/cron.d/evil',
      'word/../../evil.xml',
      '/etc/passwd',
      'C:/evil.xml',
      'word\\..\\evil',
    ]) {
      const zip = makeZip([
        { name: 'word/document.xml', content: Buffer.from('ok') },
        { name, content: Buffer.from('x') },
      ]);
      expect(refusal(zip), name).toBe(ZIP_MESSAGES.unsafePath);
    }
    expect(unsafeEntryPath('word/media/image1..png')).toBe(false);
  });

  it('refuses what is no zip archive, or a truncated one', () => {
    expect(refusal(Buffer.from('%PDF-1.7 not a zip at all, long enough to be read'))).toBe(
      ZIP_MESSAGES.invalid,
    );
    const zip = makeZip([{ name: 'word/document.xml', content: Buffer.from('<w:document/>'.repeat(100)) }]);
    const cut = Buffer.concat([zip.subarray(0, 20), zip.subarray(zip.length - 22)]);
    expect(refusal(cut)).toBe(ZIP_MESSAGES.invalid);
  });
});
