import { MDXRemote } from 'next-mdx-remote/rsc';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { mdxComponents } from './mdx-components';

/** Same plugins as the heading extraction assumes: GFM tables, github-slugger ids on every heading. */
export const MDX_OPTIONS = { mdxOptions: { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug] } };

export function PostBody({ source, tableLabel, tableHint }: { source: string; tableLabel: string; tableHint: string }) {
  return (
    <div className="text-lg text-slate-800">
      <MDXRemote source={source} options={MDX_OPTIONS} components={mdxComponents({ tableLabel, tableHint })} />
    </div>
  );
}
