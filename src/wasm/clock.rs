//! The AI's wall clock in the browser: `performance.now()` (monotonic, in
//! the page and in the AI worker alike), read through web-sys.

use crate::ai::Clock;
use wasm_bindgen::JsCast;

/// Milliseconds from `performance.now()`, or from `Date.now()` where the
/// global scope has no `performance` (never in a browser).
pub(super) struct PerformanceClock(Option<web_sys::Performance>);

impl PerformanceClock {
    pub(super) fn new() -> PerformanceClock {
        // The page's `window` and the worker's `self` both carry `performance`.
        let global = js_sys::global();
        let performance = js_sys::Reflect::get(&global, &"performance".into())
            .ok()
            .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
        PerformanceClock(performance)
    }
}

impl Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        match &self.0 {
            Some(p) => p.now(),
            None => js_sys::Date::now(),
        }
    }
}
