// An instance's operator, in its own process as a server would start on DATA_DIR (and DATABASE_URL):
// "enrol <e-mail>" turns TOTP on and prints the key; "sign-in <e-mail> <password> <key>" signs in
// with the password and the key's code (sealed in the table under a key derived from the session
// secret a restore writes back) and prints "signed in: totp".
import { config } from '@/lib/config';
import { closeDb, openAppDatabase } from '@/lib/db/client';
import { enrolTotp, signInWithTotp } from './operator-factors';

async function main() {
  const [mode, email, password, key] = process.argv.slice(2) as [string, string, string, string];
  await openAppDatabase(config.database);
  try {
    if (mode === 'enrol') console.log(`totp ${await enrolTotp(email)}`);
    else console.log(`signed in: ${await signInWithTotp({ email, password, key })}`);
  } finally {
    await closeDb();
  }
}

void main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
