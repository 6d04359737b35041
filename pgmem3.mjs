import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
const rss = () => (process.memoryUsage().rss / 1e6).toFixed(0);
if (process.argv[2] === 'make') {
  const pg = await PGlite.create(mkdtempSync('/tmp/pgm-') + '/d');
  const tar = await pg.dumpDataDir('gzip');
  writeFileSync('/tmp/pgm.tar.gz', Buffer.from(await tar.arrayBuffer()));
  await pg.close();
} else {
  console.log('start', rss());
  const blob = new Blob([readFileSync('/tmp/pgm.tar.gz')]);
  const pg = process.argv[2] === 'disk' ? await PGlite.create(mkdtempSync('/tmp/pgm-') + '/d', { loadDataDir: blob }) : await PGlite.create({ loadDataDir: blob });
  console.log('after load', process.argv[2], rss());
  await pg.query('select count(*) from pg_class');
  console.log('after query', rss());
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const f = await pgDump({ pg, args: ['--no-owner'] });
  console.log('after pg_dump', rss());
}
