import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

/** A static file server for `dir` on a free localhost port (a page's modules and fetches need http, not file:). */
export async function serveDir(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const root = normalize(dir + sep);
  const server: Server = createServer(async (request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)));
    const file = path.endsWith(sep) ? join(path, 'index.html') : path;
    const found = file.startsWith(root) ? await stat(file).catch(() => undefined) : undefined;
    if (!found?.isFile()) {
      response.writeHead(404).end(`not found: ${request.url}`);
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain; charset=utf-8', 'content-length': found.size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
