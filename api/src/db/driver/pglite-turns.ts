import type { PGlite } from '@electric-sql/pglite';

/** Resolves on the event loop's next turn, after Node has read the sockets that are ready. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes each statement (and each transaction) of PGlite's one connection wait for the event
 * loop's next turn before it starts. PGlite runs a statement synchronously in the API's thread,
 * and the statements of the requests waiting for it follow one another as promise
 * continuations, which Node runs to the last before it reads a socket again: a burst of reports
 * held every request that arrived meanwhile, health and money included, until all of them were
 * answered. Waiting a turn lets Node read and answer what has arrived between two statements,
 * so each request in flight moves one statement a turn. A transaction's own statements do not
 * wait: it holds the connection, and holding it longer would only delay the rest.
 */
export function takeTurns(client: PGlite): void {
  Object.assign(client, {
    query: afterATurn(client.query.bind(client)),
    exec: afterATurn(client.exec.bind(client)),
    transaction: afterATurn(client.transaction.bind(client)),
  });
}

function afterATurn<Run extends (...args: never[]) => Promise<unknown>>(run: Run): Run {
  return (async (...args: Parameters<Run>) => {
    await nextTurn();
    return run(...args);
  }) as Run;
}
