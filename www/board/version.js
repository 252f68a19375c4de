// The widget's version. It must equal the engine's (engineVersion(), from
// Cargo.toml) and the npm package's (www/package.json): engine.js refuses an
// engine of another version, and a unit test checks the three agree.
export const VERSION = '0.2.0';
