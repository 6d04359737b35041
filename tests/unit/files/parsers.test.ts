import { Readable, type Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HeicLayoutError, HeicStripper, MAX_EXTENTS, MAX_ITEMS, metadataRanges } from '@/lib/files/heic';
import { cleanerFor, TruncatedFileError } from '@/lib/files/strip';
import { box, craftedHeic, u16, u32 } from '../../support/crafted-heic';

// The parsers an upload goes through run on the event loop that serves every page: each is bounded
// by the bytes it is given, whatever the counts and lengths in the file say.

function pieces(bytes: Buffer, size: number): Buffer[] {
  const out = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

const through = (cleaner: Transform, bytes: Buffer, size = 256 * 1024) => buffer(Readable.from(pieces(bytes, size)).pipe(cleaner));

/** The `meta` box of a file and its place, as HeicStripper finds it. */
function metaOf(file: Buffer) {
  const start = file.readUInt32BE(0);
  return { body: start + 8, end: start + file.readUInt32BE(start) };
}

describe('the HEIC metadata walk', () => {
  it('refuses the crafted iloc (zero-size fields, many items of 65,535 extents each) at once', async () => {
    const file = craftedHeic();
    const started = performance.now();
    await expect(through(new HeicStripper(), file)).rejects.toThrow(HeicLayoutError);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses more extents than a photo has, even among few items', () => {
    const file = craftedHeic({ items: 10, extents: 65_535 });
    expect(() => metadataRanges(file, metaOf(file))).toThrow(/extents/);
    const many = craftedHeic({ items: MAX_ITEMS + 1, extents: 1 });
    expect(() => metadataRanges(many, metaOf(many))).toThrow(/items/);
    expect(MAX_EXTENTS).toBeLessThan(100_000);
  });

  it('refuses an extent of no length among several', () => {
    const file = craftedHeic({ items: 3, extents: 2 });
    expect(() => metadataRanges(file, metaOf(file))).toThrow(/no length/);
  });

  it('refuses an iloc whose items run past its box', () => {
    const ftyp = box('ftyp', Buffer.from('heic'), u32(0));
    // Four-byte offsets and lengths, 3 items announced, bytes for one.
    const iloc = box('iloc', Buffer.alloc(4), Buffer.from([0x44, 0x00]), u16(3), u16(1), u16(0), u16(1), u32(100), u32(10));
    const file = Buffer.concat([ftyp, box('meta', Buffer.alloc(4), box('iinf', Buffer.alloc(4), u16(0)), iloc), box('free', Buffer.alloc(64, 1))]);
    expect(() => metadataRanges(file, metaOf(file))).toThrow(/past its box/);
  });

  it('reads an item’s content type only inside its infe box', () => {
    const ftyp = box('ftyp', Buffer.from('heic'), u32(0));
    // A mime item whose name has no ending zero in its box; the bytes after the box look like XMP's type.
    const infe = box('infe', Buffer.from([2, 0, 0, 0]), u16(1), u16(0), Buffer.from('mime'), Buffer.from('name'));
    const iinf = box('iinf', Buffer.alloc(4), u16(1), infe);
    const iloc = box('iloc', Buffer.alloc(4), Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(0), u32(8));
    const trailing = box('free', Buffer.from('\0application/rdf+xml\0'));
    const meta = box('meta', Buffer.alloc(4), iinf, trailing, iloc);
    const file = Buffer.concat([ftyp, meta]);
    expect(metadataRanges(file, metaOf(file))).toEqual([]);
  });
});

/** What the PNG path has always stored: the chunks in order, the dropped types left out (the file read whole). */
function pngReference(png: Buffer): Buffer {
  const dropped = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
  const kept = [png.subarray(0, 8)];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (!dropped.has(type)) kept.push(png.subarray(at, at + 12 + length));
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return Buffer.concat(kept);
}

/** A PNG of one IDAT chunk of `bytes` bytes (its content is not looked at), with a text chunk before it. */
function singleIdatPng(bytes: number): Buffer {
  const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type, 'latin1'), data, u32(0)]);
  const ihdr = Buffer.concat([u32(1), u32(1), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from('Author\0PhoneMaker')),
    chunk('IDAT', Buffer.alloc(bytes, 0x5a)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the PNG path', () => {
  it('stores an ordinary PNG byte for byte as the whole-file reading does, however the bytes arrive', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#3a7c' } })
      .png({ compressionLevel: 1 })
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' } })
      .withMetadata({})
      .toBuffer();
    const expected = pngReference(png);
    expect(expected.length).toBeLessThan(png.length);
    expect(expected.includes(Buffer.from('PhoneMaker'))).toBe(false);
    for (const size of [1, 7, 13, 4096, 65_536, png.length]) expect((await through(cleanerFor('png'), png, size)).equals(expected)).toBe(true);
  });

  it('passes a large IDAT on as it arrives, never holding it', async () => {
    const png = singleIdatPng(20_000_000);
    const cleaner = cleanerFor('png');
    let out = 0;
    cleaner.on('data', (chunk: Buffer) => (out += chunk.length));
    const firstPart = png.subarray(0, 4 << 20);
    for (const piece of pieces(firstPart, 65_536)) cleaner.write(piece);
    await new Promise((resolve) => setImmediate(resolve));
    // Everything written so far but the dropped text chunk and the bytes of the chunk head in flight.
    expect(out).toBeGreaterThan(firstPart.length - 1024);
    const ended = new Promise((resolve, reject) => cleaner.on('end', resolve).on('error', reject));
    for (const piece of pieces(png.subarray(firstPart.length), 65_536)) cleaner.write(piece);
    cleaner.end();
    await ended;
    expect(out).toBe(pngReference(png).length);
  });

  it('refuses a PNG cut in its IDAT or before IEND’s end', async () => {
    const png = singleIdatPng(100_000);
    await expect(through(cleanerFor('png'), png.subarray(0, 50_000))).rejects.toThrow(TruncatedFileError);
    await expect(through(cleanerFor('png'), png.subarray(0, png.length - 2))).rejects.toThrow(TruncatedFileError);
  });
});
