// The widget's version. It must equal the engine's (engineVersion(), from
// Cargo.toml) and the npm package's (www/package.json): every loader of an
// engine module (engine.js on the page, the AI and analysis workers) refuses
// one of another version, and a unit test checks the three agree.
export const VERSION = '0.2.0';

/** An Error with a `code`, as the engine's own errors have.
 * @param {string} code @param {string} message */
const failure = (code, message) => Object.assign(new Error(message), { code });

/**
 * The engine module `engine` (its exports, once instantiated from `file`),
 * or a throw (code `engine-version`) when it is of another version than this
 * widget: files of two builds mixed on a server would otherwise fail later,
 * in odd ways.
 * @template {{engineVersion?: () => string}} E
 * @param {E} engine @param {string} file @returns {E}
 */
export function checkedEngine(engine, file) {
  const version = typeof engine.engineVersion === 'function' ? engine.engineVersion() : 'older than 0.1.0';
  if (version !== VERSION) {
    throw failure(
      'engine-version',
      `the engine (${file}) is sowboard ${version} but widget.js is ${VERSION}: serve the files of one build together`,
    );
  }
  return engine;
}

/** The Error (code `engine-load`) for an engine module that could not be
 * started. @param {unknown} err @param {string} file */
export function engineLoadFailure(err, file) {
  const why = /** @type {any} */ (err)?.message ?? err;
  return failure(
    'engine-load',
    `the engine (${file}) could not be started: ${why}. Its files must come from the same build as widget.js (sowboard ${VERSION})`,
  );
}
