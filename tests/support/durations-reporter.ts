import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's times in a run, in milliseconds. */
export interface FileDuration {
  file: string;
  project: string;
  tests: number;
  /** From the start of its import to the end of its last hook: what the file costs its worker. */
  total: number;
  /** Importing the file and what it imports (and running its describe blocks). */
  collect: number;
  /** Its tests and hooks. */
  run: number;
  /** Setting up its test environment (jsdom's window, when a worker makes a new one). */
  environment: number;
  /** Preparing its worker before the import (starting it, when the file is the worker's first). */
  prepare: number;
  worker: number;
  /** When its worker began and finished it, in ms from the start of the run (before global setup). */
  start: number;
  end: number;
  /** The Vitest run of `npm test` it ran in, when it ran in more than one (tests/run.ts). */
  runName?: string;
}

/**
 * Writes every file's durations to the JSON file named by VITEST_DURATIONS (tests/run.ts prints
 * the slowest and keeps the table), so slow files are found by measurement after every run.
 */
export default class DurationsReporter implements Reporter {
  private readonly started = performance.now();
  /** When each file ended; it began its total before (the reporter hears of its start late). */
  private readonly ends = new Map<string, number>();

  onTestModuleEnd(module: TestModule) {
    this.ends.set(module.id, Math.round(performance.now() - this.started));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const output = process.env.VITEST_DURATIONS;
    if (!output) return;
    const rows: FileDuration[] = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const collect = diagnostic.collectDuration + diagnostic.setupDuration;
      const total = Math.round(
        diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          collect +
          diagnostic.duration,
      );
      const end = this.ends.get(module.id) ?? 0;
      return {
        file: module.relativeModuleId,
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        total,
        collect: Math.round(collect),
        run: Math.round(diagnostic.duration),
        environment: Math.round(diagnostic.environmentSetupDuration),
        prepare: Math.round(diagnostic.prepareDuration),
        worker: diagnostic.concurrencyId,
        start: Math.max(0, end - total),
        end,
      };
    });
    return mkdir(dirname(output), { recursive: true }).then(() =>
      writeFile(output, JSON.stringify(rows)),
    );
  }
}
