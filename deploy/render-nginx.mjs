#!/usr/bin/env node
// Fills deploy/nginx.conf's @@NAME@@ values from the environment (or the values given to
// renderNginxConfig) and prints the result: `node deploy/render-nginx.mjs > /etc/nginx/nginx.conf`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');

/** Production defaults: two instances on this machine, certificates from certbot. */
export const DEFAULTS = {
  APP_SERVERS: '127.0.0.1:3000,127.0.0.1:3001',
  SERVER_NAME: 'maurice-expat.example',
  HTTP_LISTEN: '80',
  HTTPS_LISTEN: '443',
  TLS_CERTIFICATE: '/etc/letsencrypt/live/maurice-expat.example/fullchain.pem',
  TLS_CERTIFICATE_KEY: '/etc/letsencrypt/live/maurice-expat.example/privkey.pem',
  ACME_ROOT: '/var/www/acme',
  STATE_DIR: '/var/cache/nginx/maurice-expat',
  LOG_DIR: '/var/log/nginx',
  PID_FILE: '/run/nginx.pid',
  MIME_TYPES: '/etc/nginx/mime.types',
};

const HOST_PORT = /^(?:[a-z0-9.-]+|\[[0-9a-f:]+\]):\d{1,5}$/i;
const SAFE = /^[^\s;{}'"$]+$/;
/** SERVER_NAME may list several names, separated by spaces. */
const SAFE_LIST = /^[^\s;{}'"$]+(?: [^\s;{}'"$]+)*$/;

/** The template with every value filled; a missing or unsafe value throws with its name. */
export function renderNginxConfig(overrides = {}) {
  const values = { ...DEFAULTS, ...overrides };
  for (const [name, value] of Object.entries(values)) {
    if (name === 'APP_SERVERS') continue; // checked entry by entry below
    if (typeof value !== 'string' || !(name === 'SERVER_NAME' ? SAFE_LIST : SAFE).test(value))
      throw new Error(`${name} must be a plain value without spaces, quotes, ; { } or $ (got ${JSON.stringify(value)})`);
  }
  const servers = String(values.APP_SERVERS)
    .split(',')
    .map((server) => server.trim());
  for (const server of servers) if (!HOST_PORT.test(server)) throw new Error(`APP_SERVERS: ${server} is not host:port`);
  const httpsPort = values.HTTPS_LISTEN.split(':').pop();
  const filled = {
    ...values,
    APP_SERVERS: servers.map((server) => `    server ${server} max_fails=1 fail_timeout=2s;`).join('\n'),
    HTTPS_PORT_SUFFIX: httpsPort === '443' ? '' : `:${httpsPort}`,
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/@@([A-Z_]+)@@/g, (_, name) => {
    if (!(name in filled)) throw new Error(`deploy/nginx.conf uses @@${name}@@, which has no value`);
    return filled[name];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fromEnv = Object.fromEntries(
    Object.keys(DEFAULTS)
      .filter((name) => process.env[name])
      .map((name) => [name, process.env[name]]),
  );
  process.stdout.write(renderNginxConfig(fromEnv));
}
