import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/** pino's numbers for warn and error: from warn up, a terminal line names its level. */
const WARN = 40;
const ERROR = 50;

/**
 * What is never logged: API keys, in the headers clients send them in (a serializer that logs
 * headers would otherwise write them); a key in the query loses its value with every other (loggedUrl).
 */
const redact = { paths: ['req.headers.apikey', 'req.headers.authorization', 'headers.apikey', 'headers.authorization'], censor: '[Redacted]' };

/**
 * A terminal line: the time, the level when it is a warning or worse, the message, and an
 * error's stack below it. Other fields stay in the JSON, the form for anything but a person.
 */
export function terminalLine(
  log: Record<string, unknown>,
  colors: { dim(text: string): string; yellow(text: string): string; red(text: string): string },
): string {
  const time = new Date(Number(log.time)).toTimeString().slice(0, 8);
  const level = Number(log.level);
  const label = level >= ERROR ? colors.red('ERROR ') : level >= WARN ? colors.yellow('WARN ') : '';
  const error = log.err as { stack?: string; message?: string } | undefined;
  const detail = error ? `\n${(error.stack ?? error.message ?? '').replace(/^/gm, '    ')}` : '';
  return `${colors.dim(time)} ${label}${String(log.msg ?? '')}${detail}`;
}

/**
 * A request's address as the logs keep it: the path, and the query's parameter names without
 * their values. A query can be a visitor's content: `/v1/create-qr-code/?data=` carries the text
 * of the code (a Wi-Fi password, a private link), a URL to read carries an address.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** Fastify's request serializer, with the query's values left out (loggedUrl). */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Requests in a terminal: one line when answered (method, path, status, milliseconds), rather
 * than Fastify's "incoming request" and "request completed" records. Errors are logged as
 * Fastify logs them.
 */
export class TerminalLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * Fastify's logger options. Not a terminal (a service manager, a container, a pipe): pino's JSON,
 * with a record when a request comes in and one when it is answered. A terminal: a short line
 * for a person per record and per request.
 */
export function loggerOptions(level: string, terminal: boolean, destination?: NodeJS.WritableStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!terminal) return { logger: destination ? { level, stream: destination, redact, serializers } : { level, redact, serializers } };
  const stream = pretty({
    destination: destination ?? process.stdout,
    // In step with the other writes to the terminal, and nothing lost when the process exits.
    sync: true,
    colorize: pretty.isColorSupported,
    // Plain messages: pino-pretty colours the whole message otherwise; terminalLine colours parts.
    customColors: 'message:reset',
    ignore: 'time,level,pid,hostname,reqId',
    hideObject: true,
    messageFormat: (log, _key, _label, { colors }) => terminalLine(log, colors),
  });
  return { logger: { level, stream, redact, serializers }, logController: new TerminalLogController() };
}

/** The address a person opens: any-address binds are reachable as localhost. */
export function siteAddress(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Listens. Fastify logs a line per address it listens on (each interface for 0.0.0.0); a
 * terminal gets one line instead, with the address to open and how to stop.
 */
export async function listen(app: FastifyInstance, host: string, port: number, terminal: boolean): Promise<void> {
  if (!terminal) {
    await app.listen({ host, port });
    return;
  }
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await app.listen({ host, port });
  } finally {
    app.log.level = level;
  }
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  app.log.info(`TextLift is running at ${siteAddress(host, bound)}  (Ctrl+C to stop)`);
}
