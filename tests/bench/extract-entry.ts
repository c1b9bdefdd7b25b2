/**
 * The bench's page script: times `extract` on a saved page parsed by the browser itself, the way
 * a content script reads a live page (the parse is not timed; the document is inert).
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

function timeExtract(input: Input): { median: number; outcome: string } {
  const page = documentOf(input);
  const times: number[] = [];
  let outcome = '';
  for (let run = 0; run < input.runs; run++) {
    const started = performance.now();
    const result = extract({ url: input.url, ...page });
    times.push(performance.now() - started);
    outcome = isFailure(result) ? result.failure : 'draft';
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? Number.NaN, outcome };
}

(window as unknown as { __timeExtract: typeof timeExtract }).__timeExtract = timeExtract;
