import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the assembled front end (scripts/assemble-static.mjs): the shell at /, each area's build under
 * /remotes/<name>/, remotes.json, and Storybook at /storybook. Any other GET that is not an API call, a
 * short link or a file answers the shell's index.html (the shell routes it); /api/* stays a JSON 404.
 * Files are looked up per request, so an area published after the server started is served at once.
 */

/** Content-hashed file names (`name.1a2b3c4d.js`) never change: cache them for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css|mjs)$/;
/** Under these prefixes only files exist: a miss is a 404, never the shell's page. */
const FILE_ONLY_PREFIXES = ['/remotes/', '/storybook/', '/assets/'];

/**
 * Storybook's static build runs inline scripts and frames its own preview. It shares the app's origin, so its
 * policy keeps every fetch, frame and script under /storybook/ (never /api, never the app's pages), sends no
 * form anywhere, and its COOP differs from the app's (same-origin), so a window it opens on the app is not
 * scriptable from it. The session cookie's path is /api: Storybook's pages never carry it.
 */
function storybookCsp(origin: string): string {
  const own = `${origin}/storybook/`;
  return [
    "default-src 'none'",
    `script-src ${own} 'unsafe-inline' 'unsafe-eval'`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    `font-src ${own} data:`,
    `connect-src ${own}`,
    `frame-src ${own}`,
    `worker-src ${own} blob:`,
    `manifest-src ${own}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

export function isAppRoute(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname === '/storybook' || FILE_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix)))
    return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

type Found = { kind: 'file'; relative: string } | { kind: 'directory' } | { kind: 'none' };

async function lookUp(root: string, pathname: string): Promise<Found> {
  const absolute = path.resolve(root, `.${pathname}`);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return { kind: 'none' };
  const stat = await fs.stat(absolute).catch(() => null);
  if (stat?.isFile()) return { kind: 'file', relative: path.relative(root, absolute) };
  if (stat?.isDirectory()) {
    const index = path.join(absolute, 'index.html');
    if ((await fs.stat(index).catch(() => null))?.isFile()) {
      return pathname.endsWith('/')
        ? { kind: 'file', relative: path.relative(root, index) }
        : { kind: 'directory' };
    }
  }
  return { kind: 'none' };
}

function cacheControlFor(relative: string): string {
  return HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function registerStaticSite(app: FastifyInstance, root: string): Promise<void> {
  const staticRoot = path.resolve(root);
  // Only the reply.sendFile decorator: the routing below decides what is a file and what is the app.
  await app.register(fastifyStatic, {
    root: staticRoot,
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });

  const sendFile = (reply: FastifyReply, relative: string, storybook: boolean) => {
    reply.header('cache-control', cacheControlFor(relative));
    if (storybook) {
      reply.header(
        'content-security-policy',
        storybookCsp(`${reply.request.protocol}://${reply.request.host}`),
      );
      reply.header('x-frame-options', 'SAMEORIGIN');
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    }
    return reply.sendFile(relative, staticRoot);
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://carelane.invalid').pathname);
    } catch {
      return reply.callNotFound();
    }
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.includes('\0'))
      return reply.callNotFound();
    const storybook = pathname === '/storybook' || pathname.startsWith('/storybook/');
    const found = await lookUp(staticRoot, pathname);
    if (found.kind === 'file') return sendFile(reply, found.relative, storybook);
    if (found.kind === 'directory') {
      const [rawPath = '/', query] = request.url.split('?', 2);
      if (rawPath.startsWith('//')) return reply.callNotFound();
      return reply.redirect(`${rawPath}/${query === undefined ? '' : `?${query}`}`, 301);
    }
    if (isAppRoute(pathname)) return sendFile(reply, 'index.html', false);
    return reply.callNotFound();
  });
}
