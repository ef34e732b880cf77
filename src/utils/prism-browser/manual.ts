// Read by prism-core when it loads (./index.ts imports this first): no automatic highlighting of the page, no
// worker message handler.
Reflect.set(globalThis, 'Prism', {manual: true, disableWorkerMessageHandler: true});

export {};
