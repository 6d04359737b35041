// `npm run content:check`: exit code 1 on an error, 0 with warnings only.
import { checkContent, formatFindings } from './content/check';

void checkContent().then((findings) => {
  console.log(formatFindings(findings));
  process.exitCode = findings.errors.length > 0 ? 1 : 0;
});
