import 'server-only';
import { Readable } from 'node:stream';
import { getFileStore } from '@/lib/files/key';
import { readDecrypted } from '@/lib/files/store';

/**
 * A stored document as an HTTP answer: decrypted as it streams, never cached, never sniffed,
 * sandboxed (no script, no same-origin rights) when shown in the browser, else an attachment.
 */
export const FILE_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export async function fileResponse(file: { storageKey: string; name: string; mime: string; bytes: number }, { inline }: { inline: boolean }) {
  const plaintext = await readDecrypted(getFileStore(), file.storageKey);
  return new Response(Readable.toWeb(plaintext) as ReadableStream, {
    headers: {
      'Content-Type': file.mime,
      'Content-Length': String(file.bytes),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Content-Security-Policy': FILE_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}
