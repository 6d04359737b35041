import { Feed } from 'feed';

export interface FeedItem {
  title: string;
  url: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  category: string;
  tags: string[];
}

export interface FeedChannel {
  title: string;
  description: string;
  /** The listing page the feed mirrors. */
  url: string;
  /** The feed's own URL (atom:link rel="self"). */
  feedUrl: string;
  /** BCP 47, e.g. fr-FR */
  language: string;
  items: FeedItem[];
}

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** RSS 2.0 of one language's posts, written by the `feed` package (escaping, dates, atom:link). */
export function buildRssFeed(channel: FeedChannel): string {
  const newest = channel.items
    .map((item) => item.date)
    .sort()
    .at(-1);
  const feed = new Feed({
    title: channel.title,
    description: channel.description,
    id: channel.url,
    link: channel.url,
    language: channel.language,
    feedLinks: { rss: channel.feedUrl },
    updated: newest ? day(newest) : undefined,
  });
  for (const item of channel.items) {
    feed.addItem({
      title: item.title,
      id: item.url,
      link: item.url,
      description: item.description,
      date: day(item.date),
      category: [item.category, ...item.tags].map((name) => ({ name })),
    });
  }
  return feed.rss2();
}
