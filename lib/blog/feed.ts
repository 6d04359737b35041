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

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside XML elements and attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** RFC 822 date of a calendar day, as RSS 2.0 wants. */
export function rssDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}

function itemXml(item: FeedItem): string {
  const categories = [item.category, ...item.tags].map((name) => `      <category>${escapeXml(name)}</category>`);
  return [
    '    <item>',
    `      <title>${escapeXml(item.title)}</title>`,
    `      <link>${escapeXml(item.url)}</link>`,
    `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
    `      <description>${escapeXml(item.description)}</description>`,
    `      <pubDate>${rssDate(item.date)}</pubDate>`,
    ...categories,
    '    </item>',
  ].join('\n');
}

export function buildRssFeed(channel: FeedChannel): string {
  const newest = channel.items.map((item) => item.date).sort().at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.url)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    ...(newest ? [`    <lastBuildDate>${rssDate(newest)}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml" />`,
    ...channel.items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
