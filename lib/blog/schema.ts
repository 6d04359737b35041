import { z } from 'zod';
import { CATEGORIES } from '../content/categories';

// YAML turns an unquoted 2026-11-14 into a Date: accept it and keep the calendar day.
const isoDate = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.iso.date({ error: 'must be a date written YYYY-MM-DD' }),
);

export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1),
    description: z.string().trim().min(1),
    date: isoDate,
    /** Optional date of the last substantive update (dateModified); defaults to `date`. */
    updated: isoDate.optional(),
    cover: z.string().regex(/^\/images\/[\w./-]+\.(?:jpe?g|png|webp|avif)$/, 'must be a local image path such as /images/blog/<slug>.jpg'),
    tags: z.array(z.string().trim().min(1)).min(1),
    category: z.enum(CATEGORIES),
    /** Never published; shown only by `next dev`. */
    draft: z.boolean().optional(),
    /** Required for a date in the future: the post appears on that day (Mauritius time), without a rebuild. */
    scheduled: z.boolean().optional(),
    /** `translated: false` alone in a language's file leaves that language out (see lib/blog/parse.ts). */
    translated: z.literal(true).optional(),
  })
  .strict();

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** Validates a post's front matter; the error names the file and every wrong field. */
export function parseFrontMatter({ data, file }: { data: unknown; file: string }): FrontMatter {
  const parsed = frontMatterSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(root)';
    return `${field}: ${issue.message}`;
  });
  throw new Error(`Invalid front matter in ${file}: ${details.join('; ')}`);
}
