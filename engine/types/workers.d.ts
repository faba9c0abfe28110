// What the worker scripts use of their global scopes beyond lib.webworker's WorkerGlobalScope:
// worker.js runs as a dedicated worker, sw.js as a service worker.

interface WorkerGlobalScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
  postMessage(message: unknown): void;
}

interface WorkerGlobalScopeEventMap {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
  message: MessageEvent | ExtendableMessageEvent;
  securitypolicyviolation: SecurityPolicyViolationEvent;
}

/** Written into sw.js by build.py (write_service_worker): the build's files and version, and
 *  the pages' Content-Security-Policy, sent with the worker script it serves. */
declare const BUILD: {
  version: string;
  name: string;
  files: Record<string, string>;
  onUse: Record<string, string>;
  versioned: string[];
  csp: string;
};
