// A second process for the lock tests: opens DATA_DIR like the server does, says "ready",
// and closes cleanly when its standard input ends.
import { openDatabase, readDatabaseConfig } from '../../../lib/db/connect.mjs';

const handle = await openDatabase(readDatabaseConfig(process.env));
process.stdout.write(`ready ${process.pid}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await handle.close();
  process.stdout.write('closed\n');
});
