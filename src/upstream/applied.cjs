// What each intervention of this folder records when it has changed the module it is written for. A loader runs
// only when its rule's path matches; when an upstream file moves, the rule matches nothing and nothing else
// would fail. The wing's plugin (index.ts) fails the build after bundling when an enabled intervention recorded
// nothing. Loaders run in the build's process, but the config is loaded through its own module system: the record
// lives on the global object so both see the same one.
const KEY = Symbol.for('vigil.upstream.applied');
const applied = () => (globalThis[KEY] ??= new Set());

module.exports = {
  /** Called by a loader once it has rewritten its module. */
  markApplied(name) {
    applied().add(name);
  },
  /** Takes back a record: for a test that runs a loader in a process whose records another test then checks. */
  forgetApplied(name) {
    applied().delete(name);
  },
  /** The interventions that recorded a rewrite in this process. */
  appliedInterventions() {
    return new Set(applied());
  },
};
