import { describe, expect, it } from 'vitest';
import { RAG_SEARCH_SCHEMA } from './tool';
import { isValidSchema } from '../platform/validation';
import { decodeText } from './text-decoding';
import { requireFormat } from './formats';

describe('text decoding', () => {
  it('accepts UTF-8 with and without BOM and UTF-16 with BOM', () => {
    expect(decodeText(Buffer.from('\ufeffÄpfel', 'utf8'))).toBe('Äpfel');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Äpfel', 'utf16le')]))).toBe('Äpfel');
  });

  it('refuses Latin-1, binary and empty input with a reason', () => {
    expect(() => decodeText(Buffer.from('Gr\xfc\xdfe', 'latin1'))).toThrow(/not valid UTF-8 \(first bad byte at offset 2\)/);
    expect(() => decodeText(Buffer.from([0x50, 0x00, 0x01]))).toThrow(/binary data/);
    expect(() => decodeText(Buffer.alloc(0))).toThrow(/empty/);
  });

  it('knows its formats by extension and names the supported ones otherwise', () => {
    expect(requireFormat('Scan.JPEG')).toBe('image');
    expect(requireFormat('a.yml')).toBe('yaml');
    expect(() => requireFormat('archiv.zip')).toThrow(/Unsupported file type \.zip\. Supported: .*\.pdf/);
  });
});

describe('rag_search schema', () => {
  it('is a valid JSON schema', () => {
    expect(isValidSchema(RAG_SEARCH_SCHEMA)).toEqual({ ok: true });
  });
});
