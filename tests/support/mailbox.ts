import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

function decodeQuotedPrintable(s: string) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function decodeEncodedWords(s: string) {
  return s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** A real SMTP listener for tests that read mail. */
export async function startMailbox() {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = raw.split(/\r?\n\r?\n/)[0];
        const subject = decodeEncodedWords(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(header)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '');
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text: decodeQuotedPrintable(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The last mail to an address, with the first link of the app in it. */
    lastTo(address: string) {
      const m = [...messages].reverse().find((x) => x.to.includes(address.toLowerCase()));
      return m;
    },
    linkTo(address: string, path: string): string | undefined {
      const m = this.lastTo(address);
      const re = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`);
      return m ? re.exec(m.text)?.[0] : undefined;
    },
    tokenFrom(address: string, path: string): string | undefined {
      const link = this.linkTo(address, path);
      return link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
