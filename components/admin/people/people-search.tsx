'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { fetchApi } from '@/lib/api/api-error';
import type { SearchResultDto } from '@/lib/people/search-queries';
import { formatDateTime } from '@/components/admin/shell/format';
import { useConsole } from '@/components/admin/shell/console-context';
import { personHref } from '@/lib/console-app/views';

/** One box over people, messages, requests and notes; results grouped by person, matches marked. */
export function PeopleSearch() {
  const t = useTranslations('AdminConsole.people');
  const { handleFailure: onFailure } = useConsole();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResultDto[] | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!query.trim()) return setResults(null);
    try {
      const response = await fetchApi(`/api/admin/search?${new URLSearchParams({ q: query.trim() })}`);
      setResults(((await response.json()) as { results: SearchResultDto[] }).results);
    } catch (error) {
      onFailure(error, t('searchFailed'));
    }
  }

  return (
    <div className="space-y-2">
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-slate-800">
          {t('search')}
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            maxLength={200}
            className="mt-1 block min-h-10 w-72 max-w-full rounded-lg border border-slate-400 bg-white px-2"
          />
        </label>
        <button type="submit" className="inline-flex min-h-10 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800">
          {t('searchButton')}
        </button>
      </form>
      <p aria-live="polite" className="text-sm text-slate-700">
        {results === null ? '' : results.length === 0 ? t('searchNone') : t('searchCount', { count: results.length })}
      </p>
      {results && results.length > 0 && (
        <ul aria-label={t('searchResults')} className="space-y-2" data-testid="search-results">
          {results.map((result) => (
            <li key={result.key} className="rounded-lg border border-slate-200 bg-white p-3">
              <ConsoleLink
                href={personHref(result.key)}
                className="inline-flex min-h-11 items-center font-semibold text-ocean-800 underline hover:text-ocean-900"
              >
                {result.label}
              </ConsoleLink>
              <ul className="mt-1 space-y-1 text-sm">
                {result.hits.map((hit, index) => (
                  <li key={index}>
                    <span className="text-xs text-slate-700">
                      {t(`hitKinds.${hit.kind}`)} · {formatDateTime(hit.at)} ·{' '}
                    </span>
                    {hit.text.map((run, part) =>
                      run.match ? (
                        <mark key={part} className="bg-amber-200 text-slate-900">
                          {run.text}
                        </mark>
                      ) : (
                        <span key={part}>{run.text}</span>
                      ),
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
