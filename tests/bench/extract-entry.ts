/**
 * The bench's page script: times `extract` on a saved page parsed by the browser itself, the way
 * a content script reads a live page (the parse is not timed; the document is inert). The first
 * reading of a document is timed apart: a content script reads each page it is shown once or
 * twice, before anything of that document is warm.
 */
import { isFailure } from '@shared/sites/common/draft';
import { extract } from '@shared/sites/index';

interface Input {
  text: string;
  url: string;
  load: { captured: string } | { script: string } | null;
  runs: number;
}

function documentOf(input: Input): {
  document: Document;
  captured?: { url: string; body: string }[];
} {
  const parser = new DOMParser();
  if (input.load && 'captured' in input.load) {
    return {
      document: parser.parseFromString(
        '<!doctype html><html><head></head><body></body></html>',
        'text/html',
      ),
      captured: [{ url: input.load.captured, body: input.text }],
    };
  }
  const html =
    input.load && 'script' in input.load
      ? `<!doctype html><html><head><script>${input.load.script}${input.text};</script></head><body></body></html>`
      : input.text;
  return { document: parser.parseFromString(html, 'text/html') };
}

interface Timing {
  /** The first reading of the document. */
  first: number;
  median: number;
  /** The slowest reading of all. */
  max: number;
  outcome: string;
}

function timeExtract(input: Input): Timing {
  const page = documentOf(input);
  const times: number[] = [];
  let outcome = '';
  for (let run = 0; run < input.runs; run++) {
    const started = performance.now();
    const result = extract({ url: input.url, ...page });
    times.push(performance.now() - started);
    outcome = isFailure(result) ? result.failure : 'draft';
  }
  const first = times[0] ?? Number.NaN;
  times.sort((a, b) => a - b);
  return {
    first,
    median: times[Math.floor(times.length / 2)] ?? Number.NaN,
    max: times.at(-1) ?? Number.NaN,
    outcome,
  };
}

(window as unknown as { __timeExtract: typeof timeExtract }).__timeExtract = timeExtract;
