// `npm test`: every check the project has, run side by side as far as the cores allow, each phase's output printed
// whole when it ends, a table of phases and times at the end; any failed phase fails the run and is named.
//   npm test                 every phase
//   npm test -- unit e2e     only these phases (a phase's prerequisites, such as build for e2e, come along)
import { spawn } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { providerBuildFolder } from '../tests/e2e/support/provider-process';

interface Phase {
  name: string;
  command: string[];
  /** Cores it keeps busy while it runs: the scheduler starts phases, in order, while their sum fits the machine. */
  cores: number;
  /**
   * Runs from the start at the lowest CPU priority (`nice -n 19`), on the time the other phases leave idle, and counts
   * no core: a check that waits on nothing and has no timeout of its own, so being starved only delays it.
   */
  background?: boolean;
  /** Phases that must pass first. */
  after?: string[];
  /** The order in which phases start. */
  priority: number;
}

const bin = (name: string) => `node_modules/.bin/${name}`;

// Measured on the 2-core machines CI runs on: the browser tests alone keep about 1.4 cores busy, and anything run
// beside them slows them more than it gains (unit beside e2e took 430 s + 450 s where each alone takes 95 s + 300 s),
// and turns their waits into flaky timeouts. So the heavy phases take the machine one after the other, each with
// as many workers as there are cores. The checks that only read files run in the background from the start: at the
// lowest priority the scheduler gives them only what the heavy phases leave idle (the browsers' waits, the provider
// tests' I/O), so they no longer add their time at either end of the run.
const PHASES: Phase[] = [
  { name: 'build', command: [bin('vite'), 'build'], cores: 1, priority: 0 },
  // Beside the build: the browser tests' compiled provider and demo database (tests/e2e/support/make-template.ts).
  { name: 'e2e-data', command: [bin('tsx'), 'tests/e2e/support/make-template.ts'], cores: 1, priority: 0 },
  // The longest phase, and the one that needs the build, goes first.
  { name: 'e2e', command: [bin('playwright'), 'test'], cores: 2, after: ['build', 'e2e-data'], priority: 1 },
  // Vitest runs two workers per project (vite.config.ts).
  { name: 'unit', command: [bin('vitest'), 'run', '--project', 'unit'], cores: 2, priority: 2 },
  { name: 'node', command: [bin('vitest'), 'run', '--project', 'node'], cores: 2, priority: 3 },
  { name: 'format', command: [bin('prettier'), '--check', '.'], cores: 1, background: true, priority: 4 },
  // The browser's code without Node's types, the provider's without the DOM, then everything (tests, benches) together,
  // by TypeScript 7's native checker (docs/decisions/typescript-7-checker.md).
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], cores: 1, background: true, priority: 5 },
  { name: 'lint', command: [bin('eslint'), '.'], cores: 1, background: true, priority: 6 },
  {
    name: 'layers',
    command: [bin('depcruise'), 'src', 'server', 'contract', '--config', '.dependency-cruiser.cjs'],
    cores: 1,
    background: true,
    priority: 7,
  },
];

type Outcome = { status: 'passed' | 'failed' | 'not run'; seconds: number; why?: string };

function pick(names: string[]): Phase[] {
  if (names.length === 0) return PHASES;
  const unknown = names.filter((name) => !PHASES.some((phase) => phase.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown phase ${unknown.join(', ')}; the phases are ${PHASES.map((p) => p.name).join(', ')}.`);
    process.exit(2);
  }
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const before of PHASES.find((phase) => phase.name === name)?.after ?? []) add(before);
  };
  names.forEach(add);
  return PHASES.filter((phase) => wanted.has(phase.name));
}

function run(phase: Phase): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] =
      phase.background && process.platform !== 'win32' ? ['nice', '-n', '19', ...phase.command] : phase.command;
    // FORCE_COLOR keeps the tools' colours although their output goes through a pipe.
    const child = spawn(command!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : (process.env.FORCE_COLOR ?? '0') },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (code: number | null, why?: string) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? 'passed' : 'failed';
      process.stdout.write(
        `\n━━━ ${phase.name}: ${status} in ${seconds.toFixed(1)} s ━━━ ${phase.command.join(' ')}\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve({ status, seconds, ...(why ? { why } : {}) });
    };
    child.once('error', (error) => finish(1, error.message));
    child.once('close', (code, signal) => finish(code, signal ? `ended by ${signal}` : undefined));
  });
}

async function main() {
  const phases = pick(process.argv.slice(2));
  // Where e2e-data leaves the compiled provider and the demo database for the browser tests (folders of this run's own,
  // the first inside the repository where the compiled code finds node_modules; the browser tests remove both).
  process.env.E2E_PREPARED_TEMPLATE ??= join(tmpdir(), `e2e-template-${process.pid}`);
  process.env.E2E_PREPARED_BUILD ??= providerBuildFolder();
  const capacity = Math.max(2, availableParallelism());
  const outcomes = new Map<string, Outcome>();
  const running = new Map<string, Promise<void>>();
  const waiting = [...phases].sort((a, b) => a.priority - b.priority);
  // Background phases start at once (nothing they need comes first) and leave the cores' count to the others.
  const background = waiting.filter((phase) => phase.background && (phase.after ?? []).length === 0);
  for (const phase of background) waiting.splice(waiting.indexOf(phase), 1);
  let busy = 0;
  const started = performance.now();
  const start = (phase: Phase, cores: number) => {
    busy += cores;
    const how = phase.background ? ', in the background' : '';
    console.log(`▶ ${phase.name} (at ${((performance.now() - started) / 1000).toFixed(0)} s${how})`);
    running.set(
      phase.name,
      run(phase).then((outcome) => {
        busy -= cores;
        outcomes.set(phase.name, outcome);
        running.delete(phase.name);
      }),
    );
  };

  console.log(`npm test: ${phases.map((p) => p.name).join(', ')} on ${capacity} cores`);
  for (const phase of background) start(phase, 0);
  while (waiting.length > 0 || running.size > 0) {
    for (const phase of [...waiting]) {
      const blockedBy = (phase.after ?? []).filter((name) => outcomes.get(name)?.status !== 'passed');
      if (blockedBy.some((name) => outcomes.has(name))) {
        // A prerequisite failed: this phase cannot say anything useful.
        waiting.splice(waiting.indexOf(phase), 1);
        outcomes.set(phase.name, { status: 'not run', seconds: 0, why: `${blockedBy.join(', ')} failed` });
        continue;
      }
      // Phases start in their order: one that cannot start yet (waiting on another, or wider than what is free)
      // keeps the later ones from starting ahead of it. A phase wider than the machine still starts when it is idle.
      if (blockedBy.length > 0) break;
      if (busy > 0 && busy + phase.cores > capacity) break;
      waiting.splice(waiting.indexOf(phase), 1);
      start(phase, phase.cores);
    }
    if (running.size > 0) await Promise.race(running.values());
  }

  const total = (performance.now() - started) / 1000;
  console.log('\n━━━ npm test ━━━');
  for (const phase of phases) {
    const outcome = outcomes.get(phase.name)!;
    const mark = outcome.status === 'passed' ? '✔' : '✘';
    console.log(
      `${mark} ${phase.name.padEnd(10)} ${outcome.status.padEnd(8)} ${outcome.seconds.toFixed(1).padStart(6)} s${outcome.why ? `  (${outcome.why})` : ''}`,
    );
  }
  const failed = phases.filter((phase) => outcomes.get(phase.name)?.status !== 'passed');
  console.log(`total ${total.toFixed(1)} s`);
  console.log(`phases: ${phases.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length > 0) {
    console.log(`Failed: ${failed.map((phase) => phase.name).join(', ')} (their output is above, under their names).`);
    process.exitCode = 1;
  }
}

await main();
