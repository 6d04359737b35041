import { withDatabase } from '@/lib/api/database-errors';
import { spendLink } from '@/lib/dossier/access';
import { sessionCookie } from '@/lib/dossier/client-session';
import { dossierTexts } from '@/lib/dossier/texts';
import { getDossierRows } from '@/lib/dossier/queries';
import { escapeHtml } from '@/lib/notify';
import { localePath } from '@/lib/routes';

export const dynamic = 'force-dynamic';

const STATUS = { link_invalid: 400, link_expired: 410, link_used: 410 } as const;

/**
 * The link of the client's mail: spent once for a cookie in this browser, then on to the dossier
 * page in the client's language. A wrong, old or used link answers 4xx with what to do, in the
 * language the link names (`lang`).
 */
export const GET = (request: Request) =>
  withDatabase('dossier', async () => {
    const url = new URL(request.url);
    const outcome = await spendLink({ token: url.searchParams.get('token') ?? '' });
    if (outcome.ok) {
      const rows = await getDossierRows({ id: outcome.dossierId });
      const locale = dossierTexts(rows?.dossier.locale ?? 'fr').locale;
      return new Response(null, {
        status: 303,
        headers: {
          Location: localePath(locale, 'dossier'),
          'Set-Cookie': sessionCookie(outcome.sessionToken),
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        },
      });
    }
    const texts = dossierTexts(url.searchParams.get('lang') ?? 'fr');
    const ask = localePath(texts.locale, 'dossier');
    const body = `<!doctype html><html lang="${texts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts.t('metaTitle'))}</title></head><body><main><h1>${escapeHtml(texts.t(`link.${outcome.reason}`))}</h1><p><a href="${ask}">${escapeHtml(texts.t('link.askTitle'))}</a></p></main></body></html>`;
    return new Response(body, {
      status: STATUS[outcome.reason],
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Dossier-Error': outcome.reason },
    });
  });
