import type { ComponentProps } from 'react';
import type { MDXRemoteProps } from 'next-mdx-remote/rsc';
import { ScrollTable } from './scroll-table';

type Components = NonNullable<MDXRemoteProps['components']>;

// Room for the sticky header when a heading is reached through the table of contents.
const HEADING = 'scroll-mt-28 font-bold tracking-tight text-ocean-900';

/** How Markdown elements of a post look; tables fit from md up and scroll sideways on phones (see ScrollTable). */
export function mdxComponents({ tableLabel, tableHint }: { tableLabel: string; tableHint: string }): Components {
  return {
    h1: (props: ComponentProps<'h1'>) => <h2 {...props} className={`${HEADING} mt-12 text-3xl`} />,
    h2: (props: ComponentProps<'h2'>) => <h2 {...props} className={`${HEADING} mt-12 text-2xl`} />,
    h3: (props: ComponentProps<'h3'>) => <h3 {...props} className={`${HEADING} mt-8 text-xl`} />,
    h4: (props: ComponentProps<'h4'>) => <h4 {...props} className={`${HEADING} mt-6 text-lg`} />,
    h5: (props: ComponentProps<'h5'>) => <h5 {...props} className={`${HEADING} mt-6 text-base`} />,
    h6: (props: ComponentProps<'h6'>) => <h6 {...props} className={`${HEADING} mt-6 text-base`} />,
    p: (props: ComponentProps<'p'>) => <p {...props} className="mt-5 leading-8" />,
    a: ({ href = '', ...props }: ComponentProps<'a'>) => (
      <a
        {...props}
        href={href}
        rel={/^https?:\/\//.test(href) ? 'noopener noreferrer' : undefined}
        className="font-medium break-words text-ocean-700 underline underline-offset-4 hover:no-underline"
      />
    ),
    ul: (props: ComponentProps<'ul'>) => <ul {...props} className="mt-5 list-disc space-y-2 pl-6 leading-8" />,
    ol: (props: ComponentProps<'ol'>) => <ol {...props} className="mt-5 list-decimal space-y-2 pl-6 leading-8" />,
    blockquote: (props: ComponentProps<'blockquote'>) => (
      <blockquote {...props} className="mt-6 border-l-4 border-ocean-600 bg-ocean-50 px-5 py-1 text-slate-800" />
    ),
    hr: (props: ComponentProps<'hr'>) => <hr {...props} className="my-10 border-slate-200" />,
    strong: (props: ComponentProps<'strong'>) => <strong {...props} className="font-semibold text-slate-900" />,
    code: (props: ComponentProps<'code'>) => <code {...props} className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em]" />,
    pre: (props: ComponentProps<'pre'>) => <pre {...props} className="mt-6 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-white" />,
    table: (props: ComponentProps<'table'>) => <ScrollTable {...props} label={tableLabel} hint={tableHint} />,
    th: (props: ComponentProps<'th'>) => <th {...props} className="bg-ocean-50 p-3 align-bottom font-semibold text-ocean-900" />,
    td: (props: ComponentProps<'td'>) => <td {...props} className="border-t border-slate-200 p-3 align-top" />,
  };
}
