// Runs the shipped deploy/nginx.conf as an unprivileged process for the deployment tests and the
// page benchmark: rendered with test ports and a temporary folder, self-signed certificate.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderNginxConfig } from '../../deploy/render-nginx.mjs';

/** Debian's nginx (package nginx-light), or null when it is not installed. */
export function nginxBinary() {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx']) if (candidate && existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Run as root (CI), nginx runs as `nobody` instead: the tests never need privileges. */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null;

function chownTree(dir) {
  if (!UNPRIVILEGED) return;
  chownSync(dir, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) chownTree(full);
    else chownSync(full, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
  }
}

/** A self-signed certificate for 127.0.0.1 and localhost. */
export function selfSignedCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  return { cert, key, ca: readFileSync(cert, 'utf8') };
}

/** One HTTPS request to the proxy, trusting its test certificate; `localAddress` picks the client address nginx sees. */
export function request(origin, ca, pathname, { method = 'GET', headers = {}, body, localAddress, stream = false } = {}) {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, origin);
    const req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, ca, localAddress, agent: false }, (res) => {
      if (stream) return resolve({ status: res.statusCode, headers: res.headers, stream: res, abort: () => req.destroy() });
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Starts nginx with deploy/nginx.conf in front of `appServers` (host:port list), HTTP on
 * `httpPort` (redirects) and HTTPS on `httpsPort`, everything in one temporary folder.
 */
export async function startNginx({ httpPort, httpsPort, appServers, extraHttp = '' }) {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install -y nginx-light)');
  const dir = mkdtempSync(path.join(tmpdir(), 'edge-nginx-'));
  for (const sub of ['logs', 'state']) mkdirSync(path.join(dir, sub));
  const tls = selfSignedCertificate(dir);
  let config = renderNginxConfig({
    APP_SERVERS: appServers.join(','),
    SERVER_NAME: 'localhost 127.0.0.1',
    HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    TLS_CERTIFICATE: tls.cert,
    TLS_CERTIFICATE_KEY: tls.key,
    ACME_ROOT: path.join(dir, 'acme'),
    STATE_DIR: path.join(dir, 'state'),
    LOG_DIR: path.join(dir, 'logs'),
    PID_FILE: path.join(dir, 'nginx.pid'),
  });
  const extra = typeof extraHttp === 'function' ? extraHttp({ dir, tls }) : extraHttp;
  if (extra) config = config.replace(/\n}\s*$/, `\n${extra}\n}\n`);
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  chownTree(dir);
  const errorLog = path.join(dir, 'logs', 'error.log');
  const args = ['-p', dir, '-c', file, '-e', errorLog, '-g', 'daemon off;'];
  execFileSync(binary, ['-t', '-q', ...args.slice(0, 6)], { stdio: 'pipe', ...UNPRIVILEGED });
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], ...UNPRIVILEGED });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `https://127.0.0.1:${httpsPort}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}\n${readLog(errorLog)}`);
    try {
      await request(origin, tls.ca, '/robots.txt', { method: 'HEAD' });
      break;
    } catch (error) {
      if (attempt > 100) throw new Error(`nginx did not answer on ${origin}: ${error}\n${readLog(errorLog)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    ca: tls.ca,
    dir,
    config,
    /** The access log so far (nginx flushes it within a second). */
    accessLog: () => readLog(path.join(dir, 'logs', 'access.log')),
    errorLog: () => readLog(errorLog),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}
