import { Transform, type TransformCallback } from 'node:stream';
import { HeicStripper } from './heic';
import type { FileType } from './sniff';

/**
 * Removes an image's metadata as it streams, losslessly: JPEG's APP1–APP13 and APP15 segments
 * (Exif with its GPS position and camera, XMP, IPTC) and comments; PNG's text, Exif and time
 * chunks. The pixels, the JFIF header (APP0), the colour profile (APP2) and Adobe's colour
 * marker (APP14) stay. Also checks the image ends where its format says (a cut upload fails).
 */
export class TruncatedFileError extends Error {
  constructor() {
    super('the file ends before its format says it does');
    this.name = 'TruncatedFileError';
  }
}

const KEPT_JPEG_APPS = new Set([0xe0, 0xe2, 0xee]);
const DROPPED_PNG_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
/** A JPEG segment is held whole while deciding (its length field caps it at 64 KB); more held means a broken file. */
const MAX_HEADER_PART = 1 << 20;

abstract class Parser extends Transform {
  protected pending: Buffer = Buffer.alloc(0);
  protected passing = false;
  protected tail = Buffer.alloc(0);
  /** Bytes that follow what `step()` used and go on unread (`forward`) or are dropped unread (`skip`), as they come. */
  protected forward = 0;
  protected skip = 0;

  protected abstract step(): number | null;
  protected abstract complete(): boolean;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.passing) return this.pass(chunk, callback);
    let data: Buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      for (;;) {
        data = this.stream(data);
        if (this.forward > 0 || this.skip > 0) break;
        this.pending = data;
        const used = this.step();
        if (used === null) break;
        data = this.pending.subarray(used);
        if (this.passing) {
          this.pending = Buffer.alloc(0);
          return this.pass(data, callback);
        }
      }
      this.pending = data;
      if (this.pending.length > MAX_HEADER_PART) throw new TruncatedFileError();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  /** Sends on or drops what `forward` and `skip` ask of `data`; what is left is for `step()`. */
  private stream(data: Buffer): Buffer {
    if (this.forward > 0 && data.length > 0) {
      const part = data.subarray(0, this.forward);
      this.forward -= part.length;
      this.push(part);
      data = data.subarray(part.length);
    }
    if (this.skip > 0 && data.length > 0) {
      const part = Math.min(this.skip, data.length);
      this.skip -= part;
      data = data.subarray(part);
    }
    return data;
  }

  private pass(chunk: Buffer, callback: TransformCallback) {
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-16);
    this.push(chunk);
    callback();
  }

  override _flush(callback: TransformCallback) {
    callback(this.complete() && this.forward === 0 && this.skip === 0 ? null : new TruncatedFileError());
  }
}

class JpegStripper extends Parser {
  private started = false;
  protected step(): number | null {
    const data = this.pending;
    if (!this.started) {
      if (data.length < 2) return null;
      this.push(data.subarray(0, 2));
      this.started = true;
      return 2;
    }
    if (data.length < 4) return null;
    if (data[0] !== 0xff) throw new TruncatedFileError();
    const marker = data[1]!;
    const length = data.readUInt16BE(2);
    if (data.length < 2 + length) return null;
    const segment = data.subarray(0, 2 + length);
    // Start of scan: the compressed picture follows, passed on untouched.
    if (marker === 0xda) {
      this.passing = true;
      this.push(segment);
      return segment.length;
    }
    const dropped = (marker >= 0xe1 && marker <= 0xef && !KEPT_JPEG_APPS.has(marker)) || marker === 0xfe;
    if (!dropped) this.push(segment);
    return segment.length;
  }
  protected complete() {
    return this.passing && tail(this.tail);
  }
}

const tail = (bytes: Buffer) => bytes.length >= 2 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;

/**
 * A PNG chunk by chunk: only its 8-byte head is read; its data and CRC then stream on (kept) or are
 * dropped as they come, so a picture's IDAT, however large, is never held.
 */
class PngStripper extends Parser {
  private signature = false;
  private ended = false;
  protected step(): number | null {
    const data = this.pending;
    if (!this.signature) {
      if (data.length < 8) return null;
      this.push(data.subarray(0, 8));
      this.signature = true;
      return 8;
    }
    if (this.ended) {
      // Bytes after IEND are not part of the picture.
      return data.length > 0 ? data.length : null;
    }
    if (data.length < 8) return null;
    const length = data.readUInt32BE(0);
    const type = data.subarray(4, 8).toString('latin1');
    if (DROPPED_PNG_CHUNKS.has(type)) {
      this.skip = length + 4;
    } else {
      this.push(data.subarray(0, 8));
      this.forward = length + 4;
    }
    if (type === 'IEND') this.ended = true;
    return 8;
  }
  protected complete() {
    return this.ended;
  }
}

/** Passes the bytes on and checks the end: a PDF names its end (`%%EOF`) in its last bytes. */
class PdfCheck extends Transform {
  private tail = Buffer.alloc(0);
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-1024);
    callback(null, chunk);
  }
  override _flush(callback: TransformCallback) {
    callback(this.tail.includes('%%EOF') ? null : new TruncatedFileError());
  }
}

/** What a stored file goes through for its type. */
export function cleanerFor(type: FileType): Transform {
  switch (type) {
    case 'jpeg':
      return new JpegStripper();
    case 'png':
      return new PngStripper();
    case 'pdf':
      return new PdfCheck();
    case 'heic':
      return new HeicStripper();
  }
}
