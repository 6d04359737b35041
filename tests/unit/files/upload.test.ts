import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clamdMissing, hashSignature, startClamd } from '../../support/clamd';
import { box, u16, u32 } from '../../support/crafted-heic';

vi.mock('server-only', () => ({}));

const { stageUpload, UploadError } = await import('@/lib/files/upload');
const { readDecrypted, StoredFileError, sweepPartials, temporaryDir } = await import('@/lib/files/store');

const MAX = 2 << 20;
const dir = mkdtempSync(path.join(tmpdir(), 'files-'));
const store = { dir: path.join(dir, 'store'), key: randomBytes(32) };

async function* chunks(bytes: Uint8Array, size = 7000) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function photoWithLocation() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '20/1 9/1 0/1' } })
    .toBuffer();
}

/** A minimal HEIC (ftyp, meta with iinf and iloc, mdat) whose second item is Exif naming the camera and a position. */
function heicWithExif() {
  const picture = Buffer.from('HEVC-PICTURE-BYTES-'.repeat(40));
  const exif = Buffer.concat([u32(6), Buffer.from('Exif\0\0MM\0*PhoneMaker GPS 20S 57E')]);
  const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
  const infe = (id: number, type: string) => box('infe', Buffer.from([2, 0, 0, 0]), u16(id), u16(0), Buffer.from(type, 'latin1'), Buffer.from([0]));
  const meta = (offsets: [number, number]) =>
    box(
      'meta',
      Buffer.alloc(4),
      box('hdlr', Buffer.alloc(4), Buffer.alloc(4), Buffer.from('pict'), Buffer.alloc(12), Buffer.from([0])),
      box('iinf', Buffer.alloc(4), u16(2), infe(1, 'hvc1'), infe(2, 'Exif')),
      box(
        'iloc',
        Buffer.alloc(4),
        Buffer.from([0x44, 0x00]),
        u16(2),
        ...[
          [1, offsets[0], picture.length],
          [2, offsets[1], exif.length],
        ].map(([id, offset, length]) => Buffer.concat([u16(id!), u16(0), u16(1), u32(offset!), u32(length!)])),
      ),
    );
  const lead = ftyp.length + meta([0, 0]).length + 8;
  const bytes = Buffer.concat([ftyp, meta([lead, lead + picture.length]), box('mdat', picture, exif)]);
  return { bytes, picture: { from: lead, to: lead + picture.length }, exif: { from: lead + picture.length, to: lead + picture.length + exif.length } };
}

const stage = (bytes: Uint8Array, name: string, extra: { declaredBytes?: number | null; clamavSocket?: string } = {}) =>
  stageUpload({
    body: chunks(bytes),
    name,
    declaredBytes: extra.declaredBytes === undefined ? bytes.length : extra.declaredBytes,
    maxBytes: MAX,
    store,
    clamavSocket: extra.clamavSocket,
  });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return (error as InstanceType<typeof UploadError>).code;
}

const nothingLeft = () => {
  const partial = temporaryDir(store);
  return readdirSync(partial, { withFileTypes: true }).length === 0;
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a dossier upload', () => {
  it('stores a PDF encrypted, byte for byte once decrypted', async () => {
    const staged = await stage(pdf, 'passeport.pdf');
    await staged.commit();
    expect(staged.type).toBe('pdf');
    const stored = await buffer(await readDecrypted(store, staged.storageKey));
    expect(stored.equals(pdf)).toBe(true);
    const raw = readdirSync(path.join(store.dir, staged.storageKey.slice(0, 2)));
    expect(raw).toEqual([`${staged.storageKey}.enc`]);
  });

  it('stores a file of several pieces, sent in odd-sized chunks, byte for byte', async () => {
    // Gathered into 256 KB pieces before the cipher (lib/files/store.ts): 700 KB in 7,000-byte chunks
    // crosses two piece boundaries and ends on a short one.
    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(700 * 1024), Buffer.from('\n%%EOF\n')]);
    const staged = await stage(large, 'releve.pdf');
    await staged.commit();
    expect(staged.bytes).toBe(large.length);
    const stored = await buffer(await readDecrypted(store, staged.storageKey));
    expect(stored.equals(large)).toBe(true);
  });

  it('removes the location and the camera from a photo, keeping the picture', async () => {
    const photo = await photoWithLocation();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const staged = await stage(photo, 'IMG_0001.JPG');
    await staged.commit();
    const stored = await buffer(await readDecrypted(store, staged.storageKey));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('removes text and Exif chunks from a PNG', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const staged = await stage(png, 'scan.png');
    await staged.commit();
    const stored = await buffer(await readDecrypted(store, staged.storageKey));
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(8);
  });

  it('blanks the Exif item of a HEIC photo in place, keeping the picture’s bytes and offsets', async () => {
    const heic = heicWithExif();
    const staged = await stage(heic.bytes, 'IMG_0002.HEIC');
    await staged.commit();
    const stored = await buffer(await readDecrypted(store, staged.storageKey));
    expect(stored.length).toBe(heic.bytes.length);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.subarray(heic.exif.from, heic.exif.to).every((byte) => byte === 0)).toBe(true);
    expect(stored.subarray(heic.picture.from, heic.picture.to).equals(heic.bytes.subarray(heic.picture.from, heic.picture.to))).toBe(true);
    expect(stored.subarray(0, heic.picture.from).equals(heic.bytes.subarray(0, heic.picture.from))).toBe(true);
  });

  it('refuses a type it does not accept, by content', async () => {
    expect(await refusal(stage(Buffer.from('MZ\x90\x00 not a document at all'), 'passport.pdf'))).toBe('type_refused');
    expect(nothingLeft()).toBe(true);
  });

  it('refuses a file whose name and content disagree', async () => {
    expect(await refusal(stage(pdf, 'photo.jpg'))).toBe('name_mismatch');
    expect(await refusal(stage(await photoWithLocation(), 'run.exe'))).toBe('name_mismatch');
    expect(nothingLeft()).toBe(true);
  });

  it('refuses an oversized file, announced or not', async () => {
    const big = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(MAX + 10)]);
    expect(await refusal(stage(big, 'big.pdf'))).toBe('too_large');
    expect(await refusal(stage(big, 'big.pdf', { declaredBytes: null }))).toBe('too_large');
    expect(nothingLeft()).toBe(true);
  });

  it('refuses a truncated upload: fewer bytes than announced, or an image cut short', async () => {
    expect(await refusal(stage(pdf.subarray(0, 20), 'cut.pdf', { declaredBytes: pdf.length }))).toBe('truncated');
    const photo = await photoWithLocation();
    expect(await refusal(stage(photo.subarray(0, photo.length - 40), 'cut.jpg'))).toBe('truncated');
    expect(await refusal(stage(pdf.subarray(0, 30), 'cut.pdf'))).toBe('truncated');
    expect(nothingLeft()).toBe(true);
  });

  it('stops reading a body that fails midway and leaves nothing', async () => {
    async function* dropped() {
      yield pdf.subarray(0, 12);
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    const error = await stageUpload({ body: dropped(), name: 'x.pdf', declaredBytes: null, maxBytes: MAX, store }).catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof UploadError>).code).toBe('truncated');
    expect(nothingLeft()).toBe(true);
  });

  it('tells a changed stored file before any of its bytes is read', async () => {
    const staged = await stage(pdf, 'a.pdf');
    await staged.commit();
    const other = { ...store, key: randomBytes(32) };
    await expect(readDecrypted(other, staged.storageKey)).rejects.toThrow(StoredFileError);
  });
});

const missing = clamdMissing();
describe('temporary files left by a stopped process', () => {
  it('are removed once older than the sweep’s age, never a write in progress', async () => {
    const own = { dir: path.join(dir, 'sweep') };
    expect(await sweepPartials(own, { olderThanMs: 3_600_000 })).toBe(0); // no folder yet
    mkdirSync(temporaryDir(own), { recursive: true });
    const now = Date.now();
    const file = (name: string, ageMs: number) => {
      const at = path.join(temporaryDir(own), name);
      writeFileSync(at, 'ciphertext');
      utimesSync(at, new Date(now - ageMs), new Date(now - ageMs));
    };
    file('a'.repeat(32) + '.4242.partial', 2 * 3_600_000); // a crashed write, two hours old
    file('b'.repeat(32) + '.4243.partial', 60_000); // being written on another instance
    file('notes.txt', 2 * 3_600_000); // not ours
    expect(await sweepPartials(own, { olderThanMs: 3_600_000, now })).toBe(1);
    expect(readdirSync(temporaryDir(own)).sort()).toEqual(['b'.repeat(32) + '.4243.partial', 'notes.txt']);
  });
});

describe.skipIf(missing)('ClamAV', () => {
  const infected = Buffer.from('%PDF-1.4\n% a file the test signature names\n%%EOF\n');
  let clamd: Awaited<ReturnType<typeof startClamd>>;
  beforeAll(async () => {
    clamd = await startClamd(path.join(dir, 'clamd'), [hashSignature(infected, 'Maurice.Test.Dossier')]);
  }, 90_000);
  afterAll(() => clamd?.stop());

  it('refuses a file the daemon flags and stores nothing', async () => {
    const error = await stage(infected, 'casier.pdf', { clamavSocket: clamd.socket }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as InstanceType<typeof UploadError>).code).toBe('virus_found');
    expect((error as InstanceType<typeof UploadError>).signature).toMatch(/Maurice\.Test\.Dossier/);
    expect(nothingLeft()).toBe(true);
  });

  it('accepts a clean file through the daemon', async () => {
    const staged = await stage(pdf, 'ok.pdf', { clamavSocket: clamd.socket });
    expect(staged.bytes).toBe(pdf.length);
    await staged.discard();
  });

  it('refuses when the daemon cannot be reached', async () => {
    expect(await refusal(stage(pdf, 'ok.pdf', { clamavSocket: path.join(dir, 'nowhere.sock') }))).toBe('scan_unavailable');
    expect(nothingLeft()).toBe(true);
  });
});
if (missing) console.warn(missing);
