import net from 'node:net';

/**
 * A port free on the loopback now, for a process we start that must be told its port (APy, a
 * server under test); another process could, rarely, take it first.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
