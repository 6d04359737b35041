// A second process for the lock tests: opens DATA_DIR as the server's start-up does, says
// "ready", and closes cleanly when its standard input ends.
import { config } from '@/lib/config';
import { closeDb, openAppDatabase } from '@/lib/db/client';

void openAppDatabase(config.database).then(() => {
  process.stdout.write(`ready ${process.pid}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await closeDb();
    process.stdout.write('closed\n');
  });
});
