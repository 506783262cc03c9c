// The mail server of the outbox drill: a small SMTP listener on 127.0.0.1 that accepts every
// message, and can hold back its answer to the next one, as a slow server does, so that the
// instance sending it can be killed mid-send. It tells a message received whole (the sender got
// to the end of DATA) from one completed (answered 250: only then may the sender record it sent).
import net from 'node:net';

/**
 * @typedef {{ remotePort: number }} HeldMessage the sender's side of the connection held waiting
 */

export async function startSmtpSink() {
  /** Message-IDs of the messages received whole, in order. @type {string[]} */
  const received = [];
  /** Message-IDs of the messages answered 250. @type {string[]} */
  const completed = [];
  /** @type {((held: HeldMessage) => void) | undefined} */
  let holdNext;
  /** @type {Set<net.Socket>} */
  const sockets = new Set();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('latin1');
    /** @param {string} line */
    const reply = (line) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    reply('220 drill-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(message)?.[1] ?? '';
          received.push(messageId);
          if (holdNext) {
            // Never answered: the sender waits until it dies or gives up.
            holdNext({ remotePort: /** @type {number} */ (socket.remotePort) });
            holdNext = undefined;
            continue;
          }
          completed.push(messageId);
          reply('250 2.0.0 accepted');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const command = buffer.slice(0, eol).slice(0, 4).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (command === 'EHLO') socket.write('250-drill-sink\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  return {
    port,
    received,
    completed,
    /**
     * Holds back the answer to the next message received whole.
     * @returns {Promise<HeldMessage>} once that message is held
     */
    holdNext() {
      return new Promise((resolve) => (holdNext = resolve));
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
