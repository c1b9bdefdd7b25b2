import { type Env, readEnv } from './env';
import { type RunningServer, startServer } from './start';

/** A start that cannot go on: the reason alone on stderr (no stack), and exit status 1. */
function refuse(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\n  The server cannot start.\n\n${reason.replace(/^/gm, '  ')}\n\n`);
  process.exit(1);
}

let env: Env;
try {
  env = readEnv();
} catch (error) {
  refuse(error);
}
// What it does is in ./start.ts; here only the process: its environment, its refusal and signals.
const server: RunningServer = await startServer(env).catch(refuse);

async function stop(signal: string) {
  await server.stop(signal);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
