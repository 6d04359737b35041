import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  images: {
    formats: ['image/avif', 'image/webp'],
  },
  async redirects() {
    const legacy = [
      ['/services', '/fr/services'],
      ['/visa-finder', '/fr/visa-finder'],
      ['/blog', '/fr/blog'],
      ['/about', '/fr/about'],
      ['/a-propos', '/fr/about'],
      ['/contact', '/fr/contact'],
    ];
    return legacy.map(([source, destination]) => ({ source, destination, statusCode: 301 }));
  },
};

export default withNextIntl(nextConfig);
