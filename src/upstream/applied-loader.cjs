// A loader that changes nothing and records that its rule matched: for an intervention that rewrites by alias or
// entry rather than by loader (options.name: the intervention it stands for).
const {markApplied} = require('./applied.cjs');

module.exports = function appliedLoader(source) {
  markApplied(this.getOptions().name);
  return source;
};
