/**
 * A learner's HTTP/2 client to nginx, as a browser talks to it: one TLS connection trusting the
 * run's certificate, the session cookie kept from the answers, and a source address of its own
 * (any of 127.0.0.0/8) so that two clients are two addresses to the rate limits.
 */
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export class Learner {
  private session: ClientHttp2Session;
  cookie = '';

  constructor(readonly origin: string, ca: Buffer, localAddress = '127.0.0.1') {
    const { hostname, port } = new URL(origin);
    this.session = connect(origin, {
      createConnection: () => tlsConnect({ socket: tcpConnect({ host: hostname, port: Number(port), localAddress }), host: hostname, ca, ALPNProtocols: ['h2'] }),
    });
    this.session.on('error', () => {});
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const stream = this.session.request({
        ':method': method,
        ':path': path,
        origin: this.origin,
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      });
      stream.setEncoding('utf8');
      let status = 0;
      let answerHeaders: IncomingHttpHeaders = {};
      let text = '';
      stream.on('response', (h) => {
        status = Number(h[':status']);
        answerHeaders = h;
        const setCookie = h['set-cookie']?.[0];
        if (setCookie) this.cookie = setCookie.split(';', 1)[0];
      });
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () => resolve({ status, headers: answerHeaders, body: text }));
      stream.on('error', reject);
      stream.end(payload);
    });
  }

  close(): void {
    this.session.close();
  }
}
