import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser tests first. A browser-test file runs for tens of seconds (one, over a minute):
 * started last, it would keep one worker busy while the other has nothing left to do. Started
 * first, the two workers share them and then the many short files of the other projects fill
 * whatever time is left. Within a project the order stays Vitest's (longest first when it knows
 * the last run's durations, largest file first when it does not), and a project's files stay
 * together, so a worker goes on with the modules it has loaded.
 */
const FIRST = ['e2e'];

export default class BrowserTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = FIRST.indexOf(spec.project.name);
      return index === -1 ? FIRST.length : index;
    };
    // Array.prototype.sort is stable: within a rank, Vitest's order is kept.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
