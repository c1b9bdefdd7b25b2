import { parentPort, workerData } from 'node:worker_threads';
import { generateBatch, TopPostings } from './mall-load';

/**
 * A thread of `npm run seed:mall`: generates the batches it is sent (COPY text and document
 * frequencies, or only the postings for a resumed load's earlier products) and keeps the postings
 * of every product it made, sent back when asked.
 */

export type WorkerRequest =
  | { kind: 'batch'; from: number; to: number; copy: boolean }
  | { kind: 'postings' };

const { seed, suppliers } = workerData as { seed: number; suppliers: number };
const top = new TopPostings(seed);
const port = parentPort;

port?.on('message', (request: WorkerRequest) => {
  if (request.kind === 'postings') {
    const exported = top.export();
    port.postMessage(
      { kind: 'postings', exported },
      exported.flatMap(
        ([, sales, index, head]) => [sales.buffer, index.buffer, head.buffer] as ArrayBuffer[],
      ),
    );
    return;
  }
  const batch = generateBatch({ seed, suppliers, ...request }, top);
  port.postMessage({ kind: 'batch', batch });
});
