import { Transform, type TransformCallback } from 'node:stream';

/**
 * Blanks an HEIC/HEIF file's metadata items as it streams, keeping every offset: the `meta` box is
 * read first (its `iinf` names the items, `iloc` says where their bytes are), then the bytes of the
 * `Exif` items (camera, GPS position) and of XMP (`mime` items of type application/rdf+xml) are
 * overwritten with zeros wherever they come in the file. A `meta` box not within the first
 * HOLD_LIMIT bytes is refused (an unusual layout this code does not read), and so is one whose
 * fields run past their box or whose counts no camera writes (see metadataRanges): the walk runs on
 * the event loop that serves every page, so its cost must stay that of reading the box once.
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

/**
 * Bounds of the walk: a phone's photo has a few dozen items (tiles, thumbnail, Exif, XMP) of one
 * extent each. Past these counts the file is refused before anything loops over them.
 */
export const MAX_ITEMS = 4096;
export const MAX_EXTENTS = 16_384;

/** Reads within one box: a field that would pass its end refuses the file. */
function reader(data: Buffer, from: number, end: number) {
  let at = from;
  const need = (bytes: number) => {
    if (at + bytes > end) throw new HeicLayoutError('a field runs past its box');
  };
  return {
    get at() {
      return at;
    },
    skip(bytes: number) {
      need(bytes);
      at += bytes;
    },
    /** An unsigned field of 0, 1, 2, 4 or 8 bytes (0 reads as 0). */
    uint(bytes: number): number {
      need(bytes);
      const value =
        bytes === 0
          ? 0
          : bytes === 1
            ? data[at]!
            : bytes === 2
              ? data.readUInt16BE(at)
              : bytes === 4
                ? data.readUInt32BE(at)
                : bytes === 8
                  ? Number(data.readBigUInt64BE(at))
                  : NaN;
      if (Number.isNaN(value)) throw new HeicLayoutError(`a field of ${bytes} bytes`);
      at += bytes;
      return value;
    },
  };
}

/** The ids of the Exif and XMP items `iinf` names. */
function metadataItemsOf(data: Buffer, iinf: { body: number; end: number }): Set<number> {
  const items = new Set<number>();
  const head = reader(data, iinf.body, iinf.end);
  const version = head.uint(1);
  head.skip(3 + (version === 0 ? 2 : 4));
  for (const infe of boxes(data, head.at, iinf.end).filter((box) => box.type === 'infe')) {
    const field = reader(data, infe.body, infe.end);
    const infeVersion = field.uint(1);
    if (infeVersion < 2) continue;
    field.skip(3);
    const id = field.uint(infeVersion === 2 ? 2 : 4);
    field.skip(2);
    field.skip(4);
    const type = data.toString('latin1', field.at - 4, field.at);
    if (type === 'Exif') items.add(id);
    if (type === 'mime') {
      // item_name, then content_type, each ended by a zero byte inside this infe box.
      const strings = data.subarray(field.at, infe.end);
      const nameEnd = strings.indexOf(0);
      const contentEnd = nameEnd >= 0 ? strings.indexOf(0, nameEnd + 1) : -1;
      if (contentEnd > nameEnd && strings.toString('latin1', nameEnd + 1, contentEnd).includes('rdf+xml')) items.add(id);
    }
  }
  return items;
}

/**
 * The file ranges of the metadata items a complete `meta` box describes. Every field is read
 * inside its box, and an `iloc` whose counts no real file has (more than MAX_ITEMS items, more than
 * MAX_EXTENTS extents, an item of several extents one of which has no length) is refused: the walk
 * costs at most a pass over the box.
 */
export function metadataRanges(data: Buffer, meta: { body: number; end: number }): Range[] {
  const children = boxes(data, meta.body + 4, meta.end);
  const iinf = children.find((box) => box.type === 'iinf');
  const iloc = children.find((box) => box.type === 'iloc');
  if (!iinf || !iloc) return [];
  const metadataItems = metadataItemsOf(data, iinf);
  const field = reader(data, iloc.body, iloc.end);
  const version = field.uint(1);
  field.skip(3);
  const sizes = field.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const more = field.uint(1);
  const baseSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = field.uint(version < 2 ? 2 : 4);
  if (count > MAX_ITEMS) throw new HeicLayoutError(`${count} items`);
  const ranges: Range[] = [];
  let extentsSeen = 0;
  for (let item = 0; item < count; item += 1) {
    const id = field.uint(version < 2 ? 2 : 4);
    const method = version === 1 || version === 2 ? field.uint(2) & 15 : 0;
    field.skip(2); // data_reference_index
    const base = field.uint(baseSize);
    const extents = field.uint(2);
    extentsSeen += extents;
    if (extentsSeen > MAX_EXTENTS) throw new HeicLayoutError(`more than ${MAX_EXTENTS} extents`);
    for (let extent = 0; extent < extents; extent += 1) {
      field.skip(indexSize);
      const offset = field.uint(offsetSize);
      const length = field.uint(lengthSize);
      // A length of 0 means "to the end of the data": only an item's single extent can say so.
      if (length === 0 && extents > 1) throw new HeicLayoutError('an extent of no length among several');
      if (metadataItems.has(id) && method === 0 && length > 0) ranges.push({ from: base + offset, to: base + offset + length });
    }
  }
  return ranges;
}

export class HeicStripper extends Transform {
  private held = Buffer.alloc(0);
  private heldBytes = 0;
  private ranges: Range[] | null = null;
  private position = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.ranges) return callback(null, this.blank(chunk));
    try {
      const held = this.hold(chunk);
      const meta = boxes(held, 0, held.length).find((box) => box.type === 'meta');
      if (meta) {
        this.ranges = metadataRanges(held, meta);
        this.held = Buffer.alloc(0);
        this.heldBytes = 0;
        return callback(null, this.blank(held));
      }
      if (held.length > HOLD_LIMIT) throw new HeicLayoutError('no meta box near the start');
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  /** The bytes so far: appended into a buffer that doubles, so holding 4 MB copies about 8, not a copy per chunk. */
  private hold(chunk: Buffer): Buffer {
    const needed = this.heldBytes + chunk.length;
    if (needed > this.held.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, Math.min(this.held.length * 2, HOLD_LIMIT + chunk.length), 64 * 1024));
      this.held.copy(grown, 0, 0, this.heldBytes);
      this.held = grown;
    }
    chunk.copy(this.held, this.heldBytes);
    this.heldBytes = needed;
    return this.held.subarray(0, needed);
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
