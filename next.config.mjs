import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A second build directory lets two builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
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
