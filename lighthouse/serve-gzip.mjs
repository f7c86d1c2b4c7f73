#!/usr/bin/env node
// A fan-app build served gzipped, with /api passed through to a running API: to measure what the
// pages score once the API's static files are compressed (tower-http's ServeDir serves them as
// they are today). Not for production.
//
// Usage: node serve-gzip.mjs <distDir> <apiBaseUrl> [port]   (default port 18091)
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const [distArg, apiArg, portArg] = process.argv.slice(2);
if (distArg === undefined || apiArg === undefined) {
  console.error('usage: node serve-gzip.mjs <distDir> <apiBaseUrl> [port]');
  process.exit(2);
}
const dist = path.resolve(distArg);
const api = new URL(apiArg);
const port = Number(portArg ?? 18091);
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    const upstream = httpRequest(
      { hostname: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
    return;
  }
  let file = path.join(dist, path.normalize(url.pathname));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    file = path.join(dist, 'index.html');
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const immutable = url.pathname.startsWith('/assets/');
  const headers = { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && type !== 'application/octet-stream') {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    createReadStream(file).pipe(createGzip()).pipe(res);
  } else {
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  }
}).listen(port, '127.0.0.1', () => console.log(`serving ${dist} gzipped on http://127.0.0.1:${port}, /api from ${api.origin}`));
