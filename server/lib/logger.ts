type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** One JSON line per entry on stderr; `write` is replaceable so tests can read what was logged. */
export function createLogger(
  options: { level?: Level; write?: (line: string) => void } = {},
): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log =
    (level: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < threshold) return;
      const entry: Record<string, unknown> = { time: new Date().toISOString(), level, message };
      for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
      write(JSON.stringify(entry));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
