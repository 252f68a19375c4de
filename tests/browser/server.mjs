// A tiny static file server for www/ (no dependencies). Serves .wasm as
// application/wasm and .js as text/javascript; with --cors it also sends
// Access-Control-Allow-Origin: * (the cross-origin widget test); with
// csp: '<policy>' every response carries that Content-Security-Policy header;
// scripts: {'/__name.js': text} serves test scripts beside the site, and
// inject: '/__name.js' loads that one first in every HTML page (the error
// recorder of the cross-engine tests, for drivers without a log).
// With site: true (the default from the command line, as ./serve.sh runs it)
// it sends the headers docs/deploying.md asks a host for: the CSP of the
// pages (with frame-ancestors, base-uri, form-action), nosniff, no referrer.
//   node tests/browser/server.mjs [--port 8080] [--root www] [--cors] [--no-site-headers]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

/** The Content-Security-Policy a host sends with the site's pages (docs/deploying.md). */
export const SITE_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

/** The headers of docs/deploying.md for a file of the site. @param {string} file */
export function siteHeaders(file) {
  /** @type {Record<string, string>} */
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  if (file.endsWith('.html')) headers['Content-Security-Policy'] = SITE_CSP;
  return headers;
}

/** Starts a server; resolves to {server, port, url}. Port 0 picks a free one. */
export function serve({ root, port = 0, cors = false, host = '127.0.0.1', csp = null, scripts = {}, inject = null, site = false }) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (Object.hasOwn(scripts, pathname)) {
      res
        .writeHead(200, {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'no-cache',
          ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
        })
        .end(scripts[pathname]);
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.join(base, pathname);
    if (!file.startsWith(base + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      // No file name carries a version, so every response is revalidated.
      /** @type {Record<string, string>} */
      const headers = { 'Cache-Control': 'no-cache', ...(site ? siteHeaders(file) : {}) };
      if (cors) headers['Access-Control-Allow-Origin'] = '*';
      if (csp) headers['Content-Security-Policy'] = csp;
      if (err) {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      headers['Content-Type'] = TYPES[path.extname(file)] ?? 'application/octet-stream';
      if (inject && file.endsWith('.html')) data = String(data).replace(/<head>/i, `$&<script src="${inject}"></script>`);
      res.writeHead(200, headers).end(data);
    });
  });
  return new Promise((resolve) =>
    server.listen(port, host, () => {
      const p = server.address().port;
      resolve({ server, port: p, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${p}/` });
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  const { url } = await serve({
    root: arg('--root', 'www'),
    port: Number(arg('--port', 8080)),
    cors: process.argv.includes('--cors'),
    host: arg('--host', '127.0.0.1'),
    site: !process.argv.includes('--no-site-headers'),
  });
  console.log(`serving ${arg('--root', 'www')} at ${url}  (Ctrl-C to stop)`);
}
