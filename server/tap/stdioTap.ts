// `toolscope tap --out FILE -- <command> [args…]`: what a host launches in place of its server.
// The server runs as this process's child (argv as given, no shell: ../stdio/spawnPlan.ts); what
// the host writes on our stdin goes to the child's stdin and what the child writes on its stdout
// comes out on ours, chunk for chunk, untouched — the tap only reads a copy of each line into its
// recording (./tapRecorder.ts). The child's stderr passes through to ours and is kept too. Nothing
// of the tap's own is ever written on stdout. When the host closes our stdin, the child's is
// closed; a child that has not gone after STOP_GRACE_MS is sent SIGTERM, then SIGKILL; a signal to
// the tap stops the child the same way. The tap exits with the child's status.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { localSpawnPlan } from '../stdio/spawnPlan.ts';
import { LineSplitter } from './lineSplitter.ts';
import { MAX_MESSAGE_KEPT, type TapRecorder } from './tapRecorder.ts';

/** How long a child may take to go once its stdin is closed, before SIGTERM (and as long again before SIGKILL). */
export const STOP_GRACE_MS = 2000;

export interface StdioTapTarget {
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd?: string;
}

export interface TapStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Pipes `from` into `to`, each chunk also handed to `copy`; the reader waits while the writer is full. */
function forward(from: Readable, to: Writable, copy: (chunk: Buffer) => void) {
  from.on('data', (chunk: Buffer) => {
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
    copy(chunk);
  });
}

/** Runs the tap until the child is gone; resolves with the child's exit status (a signal: 128 + its number). */
export function runStdioTap(target: StdioTapTarget, recorder: TapRecorder, streams: TapStreams): Promise<number> {
  const plan = localSpawnPlan(target.command, target.args, target.env);
  const child = spawn(plan.command, plan.args, {
    cwd: target.cwd,
    env: { ...target.env },
    shell: false,
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    ...(plan.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}),
  });
  const fromHost = new LineSplitter(MAX_MESSAGE_KEPT, (text, bytes, tail) => recorder.line('client', text, bytes, Date.now(), tail));
  const fromServer = new LineSplitter(MAX_MESSAGE_KEPT, (text, bytes, tail) => recorder.line('server', text, bytes, Date.now(), tail));
  const stderrLines = new LineSplitter(64 * 1024, (text) => recorder.stderr(text));
  child.stdin.on('error', () => undefined);
  streams.stdout.on('error', () => undefined);
  forward(streams.stdin, child.stdin, (chunk) => fromHost.push(chunk));
  forward(child.stdout, streams.stdout, (chunk) => fromServer.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    streams.stderr.write(chunk);
    stderrLines.push(chunk);
  });

  let stopping: NodeJS.Timeout | undefined;
  /** Closes the child's stdin, then SIGTERM after the grace, then SIGKILL after as long again. */
  const stop = (signal?: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // A signal is passed on at once (the host that sent it may kill the tap next).
    if (signal) child.kill(signal);
    if (stopping) return;
    child.stdin.end();
    stopping = setTimeout(() => {
      child.kill('SIGTERM');
      stopping = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    }, STOP_GRACE_MS);
  };
  streams.stdin.on('end', () => {
    fromHost.end();
    stop();
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals) => stop(signal);
  for (const signal of signals) process.on(signal, onSignal);
  // However the tap itself goes, the child goes with it.
  const onExit = () => child.kill('SIGKILL');
  process.on('exit', onExit);

  return new Promise((resolve) => {
    child.once('error', (error) => {
      recorder.note(`Could not start ${target.command}: ${errorMessage(error)}`);
      streams.stderr.write(`toolscope tap: could not start ${target.command}: ${errorMessage(error)}\n`);
    });
    child.once('close', (code, signal) => {
      clearTimeout(stopping);
      for (const name of signals) process.off(name, onSignal);
      process.off('exit', onExit);
      fromServer.end();
      stderrLines.end();
      recorder.note(signal ? `The server was stopped by ${signal}.` : `The server exited with code ${code ?? '?'}.`);
      streams.stdin.pause();
      resolve(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
    });
  });
}
