export const NGINX: string;

export function serverBlockFor(port: number, root: string, serverBlock?: string): string;

export function writeNginxConfig(options: {port: number; buildDir?: string; dir?: string; accessLog?: boolean; daemon?: boolean}): string;

export function startNginx(options: {port: number; buildDir?: string; dir?: string; accessLog?: boolean}): Promise<{url: string; dir: string; stop: () => Promise<void>}>;

export function runningNginx(dir: string): number | undefined;

export function startNginxDaemon(options: {port: number; buildDir?: string; dir?: string}): Promise<{url: string; dir: string}>;

export function stopNginxDaemon(dir: string): boolean;
