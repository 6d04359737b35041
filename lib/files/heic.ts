import { Transform, type TransformCallback } from 'node:stream';

/**
 * Blanks an HEIC/HEIF file's metadata items as it streams, keeping every offset: the `meta` box is
 * read first (its `iinf` names the items, `iloc` says where their bytes are), then the bytes of the
 * `Exif` items (camera, GPS position) and of XMP (`mime` items of type application/rdf+xml) are
 * overwritten with zeros wherever they come in the file. A `meta` box not within the first
 * HOLD_LIMIT bytes is refused (an unusual layout this code does not read).
 */
export class HeicLayoutError extends Error {
  constructor(reason: string) {
    super(`HEIC layout not supported: ${reason}`);
    this.name = 'HeicLayoutError';
  }
}

const HOLD_LIMIT = 4 << 20;

type Range = { from: number; to: number };

function boxes(data: Buffer, start: number, end: number): { type: string; start: number; body: number; end: number }[] {
  const found = [];
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(data.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) break;
    found.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return found;
}

const readSized = (data: Buffer, at: number, size: number) =>
  size === 0 ? 0 : size === 4 ? data.readUInt32BE(at) : size === 8 ? Number(data.readBigUInt64BE(at)) : size === 2 ? data.readUInt16BE(at) : NaN;

/** The file ranges of the metadata items a complete `meta` box describes. */
export function metadataRanges(data: Buffer, meta: { body: number; end: number }): Range[] {
  const children = boxes(data, meta.body + 4, meta.end);
  const iinf = children.find((box) => box.type === 'iinf');
  const iloc = children.find((box) => box.type === 'iloc');
  if (!iinf || !iloc) return [];
  const metadataItems = new Set<number>();
  const iinfVersion = data[iinf.body]!;
  for (const infe of boxes(data, iinf.body + 4 + (iinfVersion === 0 ? 2 : 4), iinf.end).filter((box) => box.type === 'infe')) {
    const version = data[infe.body]!;
    if (version < 2) continue;
    let at = infe.body + 4;
    const id = version === 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += (version === 2 ? 2 : 4) + 2;
    const type = data.toString('latin1', at, at + 4);
    at += 4;
    if (type === 'Exif') metadataItems.add(id);
    if (type === 'mime') {
      const nameEnd = data.indexOf(0, at);
      const contentEnd = data.indexOf(0, nameEnd + 1);
      if (nameEnd >= 0 && contentEnd > nameEnd && data.toString('latin1', nameEnd + 1, contentEnd).includes('rdf+xml')) metadataItems.add(id);
    }
  }
  const version = data[iloc.body]!;
  let at = iloc.body + 4;
  const offsetSize = data[at]! >> 4;
  const lengthSize = data[at]! & 15;
  const baseSize = data[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? data[at + 1]! & 15 : 0;
  at += 2;
  const count = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const ranges: Range[] = [];
  for (let item = 0; item < count; item += 1) {
    const id = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = data.readUInt16BE(at) & 15;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = readSized(data, at, baseSize);
    at += baseSize;
    const extents = data.readUInt16BE(at);
    at += 2;
    for (let extent = 0; extent < extents; extent += 1) {
      at += indexSize;
      const offset = readSized(data, at, offsetSize);
      at += offsetSize;
      const length = readSized(data, at, lengthSize);
      at += lengthSize;
      if (metadataItems.has(id) && method === 0 && length > 0) ranges.push({ from: base + offset, to: base + offset + length });
    }
  }
  return ranges;
}

export class HeicStripper extends Transform {
  private held = Buffer.alloc(0);
  private ranges: Range[] | null = null;
  private position = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.ranges) return callback(null, this.blank(chunk));
    this.held = Buffer.concat([this.held, chunk]);
    try {
      const top = boxes(this.held, 0, this.held.length);
      const meta = top.find((box) => box.type === 'meta');
      if (meta) {
        this.ranges = metadataRanges(this.held, meta);
        const all = this.held;
        this.held = Buffer.alloc(0);
        return callback(null, this.blank(all));
      }
      if (this.held.length > HOLD_LIMIT) throw new HeicLayoutError('no meta box near the start');
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    if (!this.ranges) return callback(new HeicLayoutError('no meta box'));
    callback();
  }

  /** The chunk with the bytes of metadata items (absolute file offsets) set to zero. */
  private blank(chunk: Buffer): Buffer {
    const from = this.position;
    const to = from + chunk.length;
    this.position = to;
    const hits = this.ranges!.filter((range) => range.from < to && range.to > from);
    if (hits.length === 0) return chunk;
    const copy = Buffer.from(chunk);
    for (const range of hits) copy.fill(0, Math.max(range.from, from) - from, Math.min(range.to, to) - from);
    return copy;
  }
}
