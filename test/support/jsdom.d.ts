// The part of jsdom (a devDependency without types of its own) that the server's page tests use
// to parse HTML and XML with a real parser.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
