import type {Server} from 'node:http';

export function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer>;

export function startServer(options?: {root?: string; port?: number; host?: string; basePath?: string}): Promise<Server>;
