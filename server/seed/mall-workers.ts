import { Worker } from 'node:worker_threads';
import { type GeneratedBatch, TopPostings } from './mall-load';
import type { WorkerRequest } from './mall-worker';

type Task = { from: number; to: number; copy: boolean };
type Reply =
  | { kind: 'batch'; batch: GeneratedBatch }
  | { kind: 'postings'; exported: Parameters<TopPostings['merge']>[0] };

/**
 * The generator's threads (./mall-worker.ts): batches are handed out to whichever thread is
 * free, at most two ahead each, and their results handed back in the batches' order.
 */
export class MallWorkers {
  private readonly workers: { worker: Worker; waiting: ((reply: Reply) => void)[] }[];

  constructor(
    threads: number,
    private readonly options: { seed: number; suppliers: number },
  ) {
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(new URL('./mall-worker.ts', import.meta.url), {
        workerData: options,
      });
      const entry = { worker, waiting: [] as ((reply: Reply) => void)[] };
      worker.on('message', (reply: Reply) => entry.waiting.shift()?.(reply));
      worker.on('error', (error) => {
        throw error;
      });
      return entry;
    });
  }

  private ask(index: number, request: WorkerRequest): Promise<Reply> {
    const entry = this.workers[index % this.workers.length];
    if (!entry) throw new Error('no generator thread');
    return new Promise((resolve) => {
      entry.waiting.push(resolve);
      entry.worker.postMessage(request);
    });
  }

  /** Runs the tasks on the threads; `take` gets each result in the tasks' order, one at a time. */
  async run(tasks: Task[], take: (batch: GeneratedBatch) => Promise<void>): Promise<void> {
    const ahead = this.workers.length * 2;
    const pending: Promise<Reply>[] = [];
    let sent = 0;
    const send = () => {
      while (sent < tasks.length && pending.length < ahead) {
        const task = tasks[sent] as Task;
        pending.push(this.ask(sent, { kind: 'batch', ...task }));
        sent += 1;
      }
    };
    send();
    while (pending.length > 0) {
      const reply = await (pending.shift() as Promise<Reply>);
      send();
      if (reply.kind === 'batch') await take(reply.batch);
    }
  }

  /** Every thread's postings, merged. */
  async postings(): Promise<TopPostings> {
    const top = new TopPostings(this.options.seed);
    for (let k = 0; k < this.workers.length; k++) {
      const reply = await this.ask(k, { kind: 'postings' });
      if (reply.kind === 'postings') top.merge(reply.exported);
    }
    return top;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
