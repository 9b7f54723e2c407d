import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../config';

/** An in-process SMTP server for a test file: the mails it took, and the config that sends to it. */
export interface TestSmtp {
  received: { to: string[]; body: string }[];
  config: NonNullable<Config['smtp']>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    config: {
      host: '127.0.0.1',
      port: (server.server.address() as AddressInfo).port,
      secure: false,
      from: 'TMS <tms@example.test>',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
