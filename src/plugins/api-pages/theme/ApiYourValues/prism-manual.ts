// Read by prism-core when it loads (prism-global.ts imports this first): no automatic highlighting of the page.
Reflect.set(globalThis, 'Prism', {manual: true, disableWorkerMessageHandler: true});

export {};
