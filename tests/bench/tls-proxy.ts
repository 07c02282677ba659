/**
 * The bench's server behind Debian's nginx with TLS and HTTP/2, as a deployment runs it (the
 * README: TLS in front, nginx or Caddy). A phone then fetches the app's chunks over one
 * connection, instead of six at a time over HTTP/1.1 as it does from the server directly.
 * The certificate is self-signed for 127.0.0.1, made here with openssl; Chromium trusts its key
 * through `--ignore-certificate-errors-spki-list` (`chromiumFlags`), nothing else.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { nginxBinary, runNginx } from '../faults/helpers/nginx';

export interface TlsProxy {
  url: string;
  /** Chromium's flags that make it trust this proxy's certificate. */
  chromiumFlags: string[];
  stop(): Promise<void>;
}

function run(command: string, args: string[], input?: string | Buffer): Buffer {
  const result = spawnSync(command, args, { input });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/** nginx with TLS and HTTP/2 in front of `upstream` (http://127.0.0.1:port), or undefined without nginx or openssl. */
export async function startTlsProxy(upstream: string): Promise<TlsProxy | undefined> {
  if (!nginxBinary() || spawnSync('openssl', ['version']).status !== 0) return undefined;
  let spkiHash = '';
  const nginx = await runNginx((prefix, port) => {
    const key = path.join(prefix, 'key.pem');
    const cert = path.join(prefix, 'cert.pem');
    run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    // The key's SPKI hash (SHA-256 of its DER, base64), as Chromium's flag takes it.
    const publicKey = run('openssl', ['x509', '-in', cert, '-pubkey', '-noout']);
    const der = run('openssl', ['pkey', '-pubin', '-outform', 'der'], publicKey);
    spkiHash = run('openssl', ['dgst', '-sha256', '-binary'], der).toString('base64');
    // Started as root (CI, this machine), nginx's workers would otherwise run as nobody, who cannot read the key.
    return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream app {
    server ${new URL(upstream).host};
    keepalive 16;
  }
  server {
    # Debian 12's nginx (1.22) takes http2 on the listen line (the http2 directive came in 1.25).
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
}
`;
  });
  return {
    url: `https://127.0.0.1:${nginx.port}`,
    chromiumFlags: [`--ignore-certificate-errors-spki-list=${spkiHash}`],
    stop: nginx.stop,
  };
}
