import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g,
    (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          ),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** The plain-text content of a message (the text/plain part of a multipart one). */
export function readMessage(raw: string): { subject: string; text: string } {
  const { headers, body } = splitPart(raw);
  const subject = decodeWords(headers.get('subject') ?? '');
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary)
    return { subject, text: decodeBody(body, headers.get('content-transfer-encoding')) };
  for (const part of body.split(`--${boundary}`)) {
    const inner = splitPart(part.replace(/^\r\n/, ''));
    if ((inner.headers.get('content-type') ?? '').startsWith('text/plain')) {
      return {
        subject,
        text: decodeBody(inner.body, inner.headers.get('content-transfer-encoding')),
      };
    }
  }
  return { subject, text: '' };
}

/** A real SMTP server in-process: what the product sends arrives here, and tests read it. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = readMessage(Buffer.concat(chunks).toString('utf8'));
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject,
          text,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const mailTo = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));

  /**
   * The newest message to an address, waiting briefly for it to arrive; with `after`, only a
   * message beyond the first `after` ones to that address counts.
   */
  async function latestTo(address: string, timeoutMs = 5000, after = 0): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = mailTo(address);
      const mail = all.length > after ? all.at(-1) : undefined;
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    latestTo,
    /** How many messages an address has received so far. */
    countTo: (address: string) => mailTo(address).length,
    /** The 6-digit code in the newest message to an address (beyond the first `after`). */
    async codeFor(address: string, after = 0): Promise<string> {
      const mail = await latestTo(address, 5000, after);
      const code = mail.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code in the mail to ${address}: ${mail.text}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServerHandle = Awaited<ReturnType<typeof startSmtpServer>>;
