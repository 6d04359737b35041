import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

export function nginxBinary(): string | null;
export function selfSignedCertificate(dir: string): { cert: string; key: string; ca: string };

export interface ProxyResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
export interface ProxyStream {
  status: number;
  headers: IncomingHttpHeaders;
  stream: IncomingMessage;
  abort: () => void;
}
interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
}
export function request(origin: string, ca: string, pathname: string, options: RequestOptions & { stream: true }): Promise<ProxyStream>;
export function request(origin: string, ca: string, pathname: string, options?: RequestOptions & { stream?: false }): Promise<ProxyResponse>;

export interface RunningNginx {
  origin: string;
  httpOrigin: string;
  ca: string;
  dir: string;
  config: string;
  accessLog: () => string;
  errorLog: () => string;
  stop: () => Promise<void>;
}
export function startNginx(options: {
  httpPort: number;
  httpsPort: number;
  appServers: string[];
  extraHttp?: string | ((paths: { dir: string; tls: { cert: string; key: string } }) => string);
}): Promise<RunningNginx>;
