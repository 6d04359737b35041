// Preloaded into a test server (NODE_OPTIONS=--require …) to give the test a hand on its clock:
// Date.now() and `new Date()` run ahead by the milliseconds written in TEST_CLOCK_FILE (read again
// every 100 ms). Timers and performance.now() are left alone.
const { readFileSync } = require('node:fs');

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
