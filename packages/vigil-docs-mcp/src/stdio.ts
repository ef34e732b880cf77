/**
 * The stdio transport, with a bound on the size of a message that answers instead of going deaf. The SDK's
 * StdioServerTransport (1.32.2) closes itself when its buffer passes 10 MiB: the process then stays alive and
 * never reads again. Here a line longer than MAX_MESSAGE_BYTES is skipped as it arrives (never held), answered
 * with a JSON-RPC error that carries the request's id (read on the fly, wherever it is in the message), and the
 * next line is read as usual. A line that is not JSON, or not a JSON-RPC message, is answered with an error too
 * (the SDK's transport only reports it to the server, and the client waits for an answer that never comes).
 */
import process from 'node:process';
import type {Readable, Writable} from 'node:stream';
import {serializeMessage} from '@modelcontextprotocol/sdk/shared/stdio.js';
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  RequestIdSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import {MAX_MESSAGE_BYTES} from './limits';

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const OPENING = new Set([0x7b, 0x5b]);
const CLOSING = new Set([0x7d, 0x5d]);
const OPENING_BRACE = 0x7b;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** The bytes of a JSON number after its first: digits, `.`, `e`, `E`, `+`, `-`. */
const NUMBER = new Set([...'0123456789.eE+-'].map((char) => char.charCodeAt(0)));
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
/** The longest id read from a message skipped; a request's id is a number or a short string. */
const MAX_ID_LENGTH = 256;

/**
 * Finds the top-level `"id"` member of a JSON object read a chunk at a time, without keeping the object: it
 * follows strings (and their escapes) and nesting, and keeps only the bytes of the value of `id` at depth one.
 */
export class IdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth one: a member's name is next, is being read, and the last one read (its first 3 bytes). */
  private expectingName = false;
  private readingName = false;
  private name = '';
  /** The bytes of the id's value, while they are read. */
  private captured: number[] | undefined;
  private found: RequestId | undefined;

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) this.step(byte);
  }

  /** The id read, when the message had a string or number id at its top level. */
  id(): RequestId | undefined {
    return this.found;
  }

  private step(byte: number): void {
    if (this.inString) {
      const closes = !this.escaped && byte === QUOTE;
      this.escaped = !this.escaped && byte === BACKSLASH;
      if (this.captured) {
        this.captured.push(byte);
        if (this.captured.length > MAX_ID_LENGTH) this.captured = undefined;
      } else if (this.readingName && !closes && this.name.length < 3) {
        this.name += String.fromCharCode(byte);
      }
      if (closes) {
        this.inString = false;
        this.readingName = false;
        if (this.captured) this.finishId();
      }
      return;
    }
    if (this.captured) {
      if (NUMBER.has(byte)) {
        this.captured.push(byte);
        return;
      }
      this.finishId();
    }
    if (byte === QUOTE) {
      this.inString = true;
      if (this.depth === 1 && this.expectingName) {
        this.expectingName = false;
        this.readingName = true;
        this.name = '';
      } else if (this.depth === 1) {
        this.startValue(byte);
      }
    } else if (OPENING.has(byte)) {
      if (this.depth === 1) this.startValue(byte);
      this.depth += 1;
      if (this.depth === 1) this.expectingName = byte === OPENING_BRACE;
    } else if (CLOSING.has(byte)) {
      this.depth -= 1;
    } else if (byte === COMMA) {
      if (this.depth === 1) this.expectingName = true;
    } else if (this.depth === 1 && byte !== COLON && !WHITESPACE.has(byte)) {
      this.startValue(byte);
    }
  }

  /** The first byte of a member's value at depth one: the id's is kept when it is a string or a number. */
  private startValue(byte: number): void {
    if (this.name === 'id' && this.found === undefined && (byte === QUOTE || byte === MINUS || isDigit(byte)))
      this.captured = [byte];
    this.name = '';
  }

  private finishId(): void {
    const bytes = this.captured!;
    this.captured = undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
      if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) this.found = value;
    } catch {
      // Not an id JSON-RPC allows: the error goes without one.
    }
  }
}

/** An MCP transport over a process's standard input and output, newline-delimited JSON as the stdio transport. */
export class BoundedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The start of the line being read, while it is within the bound. */
  private line: Buffer[] = [];
  private lineBytes = 0;
  /** While a line over the bound is skipped: what has been read of its id. */
  private skipping: IdScanner | undefined;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer) => this.read(chunk);
  private readonly onInputError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.line = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(serializeMessage(message))) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private read(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const part = chunk.subarray(start, end === -1 ? chunk.length : end);
      this.take(part);
      if (end === -1) return;
      this.endLine();
      start = end + 1;
    }
  }

  /** Keeps a part of the current line, or scans it for the id once the line has passed the bound. */
  private take(part: Buffer): void {
    this.lineBytes += part.length;
    if (!this.skipping && this.lineBytes > this.maxMessageBytes) {
      this.skipping = new IdScanner();
      for (const held of this.line) this.skipping.feed(held);
      this.line = [];
    }
    if (this.skipping) this.skipping.feed(part);
    else if (part.length > 0) this.line.push(part);
  }

  private endLine(): void {
    const bytes = this.lineBytes;
    const skipped = this.skipping;
    const text = Buffer.concat(this.line).toString('utf8').replace(/\r$/, '');
    this.line = [];
    this.lineBytes = 0;
    this.skipping = undefined;
    if (skipped) {
      const limit = `${this.maxMessageBytes.toLocaleString('en')} bytes`;
      this.refuse(
        skipped.id(),
        ErrorCode.InvalidRequest,
        `The message is ${bytes.toLocaleString('en')} bytes long; this server reads messages of at most ${limit}.`,
      );
      return;
    }
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const scanner = new IdScanner();
      scanner.feed(Buffer.from(text, 'utf8'));
      this.refuse(scanner.id(), ErrorCode.ParseError, 'The message is not JSON.');
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      const id = RequestIdSchema.safeParse((parsed as {id?: unknown} | null)?.id);
      this.refuse(id.success ? id.data : undefined, ErrorCode.InvalidRequest, 'The message is not a JSON-RPC message.');
      return;
    }
    this.onmessage?.(message.data);
  }

  private refuse(id: RequestId | undefined, code: number, message: string): void {
    void this.send({jsonrpc: '2.0', ...(id !== undefined && {id}), error: {code, message}} as JSONRPCMessage);
  }
}
