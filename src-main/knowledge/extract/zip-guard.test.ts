import { describe, expect, it } from 'vitest';
import { buildDocx, buildZip, buildZipBombDocx } from '../../testing/rag-fixtures';
import { IngestError } from '../errors';
import { guardZip } from './zip-guard';

const LIMITS = { maxTotalBytes: 16 * 1024 * 1024, maxEntries: 100, maxRatio: 200 };

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(IngestError);
    return `${(err as IngestError).code}: ${(err as IngestError).message}`;
  }
  return 'no error';
}

describe('zip guard', () => {
  it('accepts an ordinary DOCX and lists its entries', () => {
    expect(guardZip(buildDocx(['Hallo']), LIMITS).map((e) => e.name)).toContain('word/document.xml');
  });

  it('refuses by the declared sizes before unpacking anything', () => {
    expect(reason(() => guardZip(buildZipBombDocx(32), LIMITS))).toMatch(/^ZIP_BOMB: The archive would unpack to 32\.0 MB/);
  });

  it('refuses a bomb that lies about its size while inflating with a hard cap', () => {
    expect(reason(() => guardZip(buildZipBombDocx(32, true), LIMITS))).toMatch(/^ZIP_BOMB: .*unpacks to more than its directory says/);
  });

  it('refuses extreme compression ratios and too many entries', () => {
    expect(reason(() => guardZip(buildZipBombDocx(8), LIMITS))).toMatch(/^ZIP_BOMB: .*compressed \d+:1/);
    const many = buildZip(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })));
    expect(reason(() => guardZip(many, LIMITS))).toMatch(/^ZIP_BOMB: The archive has 101 entries/);
  });

  it('names a truncated or damaged container', () => {
    const docx = buildDocx(['Hallo']);
    expect(reason(() => guardZip(docx.subarray(0, 100), LIMITS))).toMatch(/^CORRUPT_FILE/);
    expect(reason(() => guardZip(Buffer.from('PK\u0003\u0004 nothing else'), LIMITS))).toMatch(/^CORRUPT_FILE: .*no central directory/);
  });
});
