// A TCP relay the tests put between the app and PostgreSQL, to play the database server going away
// and coming back without touching the machine's shared PostgreSQL server:
//   cut()          open connections die, new ones are dropped (a network cut);
//   refuse()       open connections die, new ones are refused (ECONNREFUSED: nothing listens);
//   shutDown()     each open connection gets PostgreSQL's "terminating connection due to
//                  administrator command" (57P01) at a message boundary, as a fast shutdown sends
//                  it, and new connections are answered "the database system is starting up"
//                  (57P03) until restore();
//   restore()      connections go through again.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  refuse(): Promise<void>;
  shutDown(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A PostgreSQL ErrorResponse message (FATAL) with the given SQLSTATE and text. */
export function fatalMessage(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

const STARTING_UP = fatalMessage('57P03', 'the database system is starting up');
const TERMINATING = fatalMessage('57P01', 'terminating connection due to administrator command');
const SSL_REQUEST = 80877103;

/** Answers a new connection as a server still starting up does: after the startup packet. */
function answerStartingUp(client: Socket) {
  let received = Buffer.alloc(0);
  client.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    if (received.length < 8) return;
    if (received.readInt32BE(0) === 8 && received.readInt32BE(4) === SSL_REQUEST) {
      client.write('N');
      received = received.subarray(8);
      if (received.length < 8) return;
    }
    client.end(STARTING_UP);
  });
}

/**
 * Relays server→client bytes while tracking message boundaries (type byte + int32 length), so a
 * terminating connection ends with whole messages followed by the 57P01 error, never half one.
 */
function relayServerMessages(upstream: Socket, client: Socket) {
  let header = Buffer.alloc(0);
  let remaining = 0;
  let terminating = false;
  const atBoundary = () => remaining === 0 && header.length === 0;
  const terminate = () => {
    upstream.destroy();
    client.end(TERMINATING);
  };
  upstream.on('data', (chunk: Buffer) => {
    let offset = 0;
    while (offset < chunk.length) {
      if (remaining > 0) {
        const take = Math.min(remaining, chunk.length - offset);
        client.write(chunk.subarray(offset, offset + take));
        offset += take;
        remaining -= take;
      } else {
        const need = 5 - header.length;
        const take = Math.min(need, chunk.length - offset);
        header = Buffer.concat([header, chunk.subarray(offset, offset + take)]);
        offset += take;
        if (header.length === 5) {
          client.write(header);
          remaining = header.readInt32BE(1) - 4;
          header = Buffer.alloc(0);
        }
      }
      if (terminating && atBoundary()) return terminate();
    }
  });
  return () => {
    terminating = true;
    upstream.pause();
    if (atBoundary()) terminate();
    else upstream.resume();
  };
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const terminators = new Set<() => void>();
  let mode: 'open' | 'cut' | 'starting-up' = 'open';
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const onConnection = (client: Socket) => {
    track(client);
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    if (mode === 'starting-up') {
      answerStartingUp(client);
      return;
    }
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    const terminator = relayServerMessages(upstream, client);
    terminators.add(terminator);
    client.on('close', () => {
      terminators.delete(terminator);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  };
  let server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  let listening = true;
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    cut() {
      mode = 'cut';
      destroyAll();
    },
    async refuse() {
      mode = 'cut';
      destroyAll();
      if (!listening) return;
      listening = false;
      await new Promise((resolve) => server.close(resolve));
    },
    shutDown() {
      mode = 'starting-up';
      for (const terminate of [...terminators]) terminate();
    },
    async restore() {
      mode = 'open';
      if (listening) return;
      server = createServer(onConnection);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    async close() {
      destroyAll();
      if (listening) await new Promise((resolve) => server.close(resolve));
      listening = false;
    },
  };
}
