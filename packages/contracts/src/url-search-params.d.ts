/**
 * The WHATWG URLSearchParams that browsers and Node both provide (this package is built with
 * neither's types): the part of it the contract uses.
 */
declare class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: Record<string, string> | URLSearchParams | string);
  readonly size: number;
  append(name: string, value: string): void;
  get(name: string): string | null;
  has(name: string): boolean;
  sort(): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
