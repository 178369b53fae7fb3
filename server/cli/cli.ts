// `toolscope` — the command line's entry: the console guarded, then the command argv names
// (./commandTable.ts), its exit status kept until stdout has drained. The only place a command is
// read from (argv, or a config file named in argv).
import { redactText } from '../../src/lib/redactUrl.ts';
import { printable } from '../../src/lib/printable.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { UsageError } from './cliOptions.ts';
import { dispatch } from './commandTable.ts';
import { guardConsole, knowEnvironmentSecrets } from './stderrGuard.ts';

// Whatever prints on stderr — a dependency too — goes through the one redactor (./stderrGuard.ts).
guardConsole();
knowEnvironmentSecrets(process.env);
try {
  const code = await dispatch(process.argv.slice(2), process.env);
  if (code !== undefined) {
    // A long result on a pipe may still be queued: exiting now would cut it.
    if (process.stdout.writableLength) await new Promise((resolve) => process.stdout.once('drain', resolve));
    process.exit(code);
  }
} catch (error) {
  const message = errorMessage(error);
  console.error(printable(redactText(`toolscope: ${message}`)));
  process.exit(error instanceof UsageError ? 2 : 1);
}
