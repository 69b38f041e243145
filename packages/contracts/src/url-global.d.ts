/**
 * The WHATWG URL class, global in browsers and Node alike. The contracts compile without DOM or Node
 * types (so that neither leaks in); this declares only what the shared rules read.
 */
declare class URL {
  constructor(url: string, base?: string)
  readonly protocol: string
  readonly hostname: string
  readonly username: string
  readonly password: string
  readonly href: string
}
