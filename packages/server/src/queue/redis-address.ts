/** A Redis URL as a log line or an error may show it: host and port, never its password. */
export function redisAddress(url: string): string {
  try {
    const { protocol, hostname, port } = new URL(url);
    return `${protocol}//${hostname}:${port || '6379'}`;
  } catch {
    return 'redis';
  }
}
