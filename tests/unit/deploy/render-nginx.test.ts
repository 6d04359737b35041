import { describe, expect, it } from 'vitest';
import { renderNginxConfig } from '@/deploy/render-nginx.mjs';

describe('deploy/nginx.conf rendering', () => {
  it('fills every value, one upstream server line per instance', () => {
    const config = renderNginxConfig({ APP_SERVERS: '10.0.0.5:3000, 10.0.0.6:3000', HTTPS_LISTEN: '8443' });
    expect(config).not.toMatch(/@@[A-Z_]+@@/);
    expect(config).toContain('    server 10.0.0.5:3000 max_fails=1 fail_timeout=2s;\n    server 10.0.0.6:3000 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('return 301 https://$host:8443$request_uri;');
    expect(renderNginxConfig()).toContain('return 301 https://$host$request_uri;');
  });

  it('rate-limits the sign-in location per client, IPv6 per /64', () => {
    const config = renderNginxConfig();
    expect(config).toMatch(/limit_req_zone \$login_client zone=login:\S+ rate=\d+r\/m;/);
    expect(config).toMatch(/location ~ \^\/api\/admin\/login\S* \{\s+limit_req zone=login /);
    expect(config).toContain('limit_req_status 429;');
  });

  it('refuses values that would change the configuration around them', () => {
    expect(() => renderNginxConfig({ TLS_CERTIFICATE: '/x.pem; include /etc/passwd' })).toThrow(/TLS_CERTIFICATE/);
    expect(() => renderNginxConfig({ APP_SERVERS: '127.0.0.1' })).toThrow(/APP_SERVERS/);
    expect(() => renderNginxConfig({ SERVER_NAME: 'a.example $host' })).toThrow(/SERVER_NAME/);
  });
});
