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
  worker: number;
}

/**
 * Writes every file's durations to the JSON file named by VITEST_DURATIONS (tests/run.ts prints
 * the slowest and keeps the table), so slow files are found by measurement after every run.
 */
export default class DurationsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const output = process.env.VITEST_DURATIONS;
    if (!output) return;
    const rows: FileDuration[] = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const collect = diagnostic.collectDuration + diagnostic.setupDuration;
      return {
        file: module.relativeModuleId,
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        total: Math.round(
          diagnostic.environmentSetupDuration +
            diagnostic.prepareDuration +
            collect +
            diagnostic.duration,
        ),
        collect: Math.round(collect),
        run: Math.round(diagnostic.duration),
        worker: diagnostic.concurrencyId,
      };
    });
    return mkdir(dirname(output), { recursive: true }).then(() =>
      writeFile(output, JSON.stringify(rows)),
    );
  }
}
