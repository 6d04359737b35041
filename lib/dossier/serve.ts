import 'server-only';
import { Readable } from 'node:stream';
import { apiError } from '@/lib/api/responses';
import { getFileStore } from '@/lib/files/key';
import { readDecrypted, StoredFileError } from '@/lib/files/store';

/**
 * A stored document as an HTTP answer: decrypted as it streams, never cached, never sniffed,
 * sandboxed (no script, no same-origin rights) when shown in the browser, else an attachment.
 */
export const FILE_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The plaintext, opened only once its tag is checked; a file gone from storage or changed there answers with a code. */
async function openChecked(storageKey: string): Promise<Readable | Response> {
  try {
    return await readDecrypted(getFileStore(), storageKey);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return apiError(404, 'file_missing', 'The stored file is gone.');
    if (!(error instanceof StoredFileError)) throw error;
    console.error(`[files] ${storageKey}: ${error.message}`);
    return apiError(500, 'file_damaged', 'The stored file was changed or damaged; it is not served.');
  }
}

export async function fileResponse(file: { storageKey: string; name: string; mime: string; bytes: number }, { inline }: { inline: boolean }) {
  const plaintext = await openChecked(file.storageKey);
  if (plaintext instanceof Response) return plaintext;
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
