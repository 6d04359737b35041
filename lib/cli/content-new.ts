// `npm run content:new -- post <slug>` / `-- person <id>`: writes the files an editor fills in,
// each with TODO where text is needed. Never overwrites a file.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES } from '../content/categories';
import { LOCALES } from '../i18n/routing';
import { todayInMauritius } from '../time/mauritius';
import { scaffoldPerson, scaffoldPost } from '../content/scaffold';

const [kind, name] = process.argv.slice(2);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if ((kind !== 'post' && kind !== 'person') || !name) fail('Usage: npm run content:new -- post <slug>   or   npm run content:new -- person <id>');
if (!SLUG.test(name)) fail(`"${name}" is used in the address: write it in lowercase letters, digits and dashes, e.g. visa-retraite-2027.`);

const today = todayInMauritius();
const files = kind === 'post' ? scaffoldPost({ slug: name, date: today, category: CATEGORIES[0] }) : scaffoldPerson({ id: name });
const taken = Object.keys(files).filter((file) => existsSync(file));
if (taken.length > 0) fail(`Already exists, nothing written: ${taken.join(', ')}`);
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
console.log(
  kind === 'post'
    ? `Next: replace every TODO in the ${LOCALES.length} files, add the cover picture public/images/blog/${name}.jpg (1200 × 630), remove "draft: true", then run npm run content:check.`
    : `Next: replace every TODO in ${Object.keys(files)[0]}, add the photo if any, set consentDate and example: false, then run npm run content:check.`,
);
