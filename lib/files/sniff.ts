/** The types a dossier accepts, told by their first bytes, never by the name or the browser's word. */
export const FILE_TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  heic: { mime: 'image/heic', extensions: ['heic', 'heif'] },
} as const;

export type FileType = keyof typeof FILE_TYPES;

/** Bytes enough to tell every accepted type. */
export const SNIFF_BYTES = 16;

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export function sniffType(head: Uint8Array): FileType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte)) return 'png';
  if (ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12))) return 'heic';
  return null;
}

/** The extension of a file name, lower case, or '' without one. */
export const extensionOf = (name: string) => {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
};

/** Whether the name says what the content is: the extension must be one of the type's (none at all: a camera's blob, accepted). */
export function nameAgrees(name: string, type: FileType): boolean {
  const extension = extensionOf(name);
  return extension === '' || (FILE_TYPES[type].extensions as readonly string[]).includes(extension);
}

/** A name safe in a header, an archive and a file system: letters, digits, dot, dash, underscore; at most 80 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '');
  return clean.slice(-80) || 'document';
}
