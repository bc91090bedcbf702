// Waits for a provider process the bench started to say where it listens, or to exit first (with what it printed).
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** The provider's address from its "listening on …" line, and everything it printed up to then. */
export function providerListening(
  child: ChildProcessByStdio<null, Readable, null>,
): Promise<{ url: string; output: string }> {
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], output });
    });
    child.once('exit', (code) => reject(new Error(`The provider exited with ${code} before listening:\n${output}`)));
  });
}
