import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the tests, on a free port of 127.0.0.1: what it accepts is read back
 * with mailparser. `stop()` takes it down (connections are refused) and `start()` brings it back
 * on the same port; `refuse` makes it answer RCPT TO for that address with a 550; `answerAfter`
 * makes it take that long to accept each message (a slow server). With `auth`, it asks for that
 * user and password.
 */
export async function startSmtpServer(options: { auth?: { user: string; password: string } } = {}) {
  const received: ParsedMail[] = [];
  const refused = new Set<string>();
  const logins: string[] = [];
  let answerDelayMs = 0;
  const make = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === options.auth?.user && auth.password === options.auth?.password)
          return callback(null, { user: auth.username });
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address))
          return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        return callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) =>
            setTimeout(() => {
              received.push(mail);
              callback();
            }, answerDelayMs),
          )
          .catch(callback);
      },
    });
  let server = make();
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  let up = true;
  return {
    received,
    logins,
    get port() {
      return port;
    },
    /** What the mail settings name to send here. */
    get settings() {
      return { host: '127.0.0.1', port, secure: false, from: 'billing@gulf-trading.test' };
    },
    refuse(address: string) {
      refused.add(address);
    },
    answerAfter(ms: number) {
      answerDelayMs = ms;
    },
    async stop() {
      if (!up) return;
      up = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      if (up) return;
      server = make();
      await listen();
      up = true;
    },
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
