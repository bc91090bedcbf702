// Waits for a provider process the bench started to say where it listens, or to exit first (with what it printed).
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * The provider's address from its "listening on …" line, and everything it printed up to then. It stops reading once
 * the line is found: the log goes on (a line per request), and the stream keeps flowing for whoever reads it next.
 */
export function providerListening(
  child: ChildProcessByStdio<null, Readable, null>,
): Promise<{ url: string; output: string }> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      resolve({ url: match[1], output });
    };
    const onExit = (code: number | null) =>
      reject(new Error(`The provider exited with ${code} before listening:\n${output}`));
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}
