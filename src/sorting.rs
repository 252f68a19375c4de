//! Stable sorting through one compiled sort. The slice's own `sort`,
//! `sort_by` and `sort_by_key` compile a copy of the standard library's sort
//! (about 6 KB of WebAssembly) for every element type and comparison they
//! are called with: a few dozen copies, a third of the engine's wasm
//! (docs/first-load.md). These functions give exactly the order those
//! methods give (a stable sort's result is the one order that keeps equal
//! elements as they came) through code that is compiled once:
//!
//! - up to `SHORT` elements (most lists the search sorts: a node's
//!   children, a cell's neighbours), an insertion sort in place, small
//!   enough to compile at every call and as fast as the library's, which
//!   sorts such lists the same way;
//! - longer lists through their indices: the standard library's stable sort
//!   of a `usize` slice with a comparison behind a `dyn` reference (the one
//!   copy), then the elements moved into that order.
//!
//! Library code sorts through here; the command line's adapter and tests
//! may use the slice's methods.

use std::cmp::Ordering;

/// The longest list sorted in place; the standard library's stable sort
/// also sorts lists up to 20 elements by insertion.
const SHORT: usize = 20;

/// Sorts `items` by `compare`, keeping equal elements in their order: the
/// order `items.sort_by(compare)` gives.
pub(crate) fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() <= SHORT {
        insertion_sort(items, &mut compare);
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_indices(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    permute(items, &mut order);
}

/// Sorts `items` by `key`, keeping equal keys in their order: the order
/// `items.sort_by_key(key)` gives.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in ascending order: the order `items.sort()` gives (and
/// `sort_unstable`'s too, for values whose equal ones are alike).
pub(crate) fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Moves each element left past the greater ones ahead of it.
fn insertion_sort<T>(items: &mut [T], compare: &mut impl FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && compare(&items[j - 1], &items[j]) == Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The one compiled sort: `order` (indices) by `compare` of what they index.
#[inline(never)]
fn sort_indices(order: &mut [usize], compare: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Puts `items[order[k]]` at `k` for every `k`, following each cycle of the
/// permutation with swaps; `order` is spent (each entry set to its own
/// position once placed).
fn permute<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..items.len() {
        // Here the element that started at `start` is at `at`, and every
        // other element of the cycle not yet placed is where it started.
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Short and long lists, with many equal keys: the same order as
        /// the standard library's stable sort, elements told apart by
        /// their starting place.
        #[test]
        fn the_order_of_the_stable_sort(keys in prop::collection::vec(0u8..6, 0..80)) {
            let tagged: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut want = tagged.clone();
            want.sort_by_key(|x| x.0);
            let mut got = tagged.clone();
            sort_by_key(&mut got, |x| x.0);
            prop_assert_eq!(&got, &want);
            let mut down = tagged.clone();
            sort_by(&mut down, |a, b| b.0.cmp(&a.0));
            want.sort_by_key(|x| std::cmp::Reverse(x.0));
            prop_assert_eq!(&down, &want);
        }

        #[test]
        fn plain_values_ascending(values in prop::collection::vec(any::<i32>(), 0..60)) {
            let mut want = values.clone();
            want.sort_unstable();
            let mut got = values;
            sort(&mut got);
            prop_assert_eq!(got, want);
        }

        /// Every permutation is applied as given, elements that own memory
        /// included.
        #[test]
        fn permute_places_each_element(order in Just((0..40).collect::<Vec<usize>>()).prop_shuffle()) {
            let items: Vec<String> = (0..40).map(|i| i.to_string()).collect();
            let want: Vec<String> = order.iter().map(|&i| items[i].clone()).collect();
            let mut got = items;
            permute(&mut got, &mut order.clone());
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn floats_by_total_order() {
        let mut got: Vec<(f64, usize)> =
            [0.5, -0.0, 0.0, f64::NAN, -1.0, 0.5].into_iter().zip(0..).collect();
        let mut want = got.clone();
        want.sort_by(|a, b| a.0.total_cmp(&b.0));
        sort_by(&mut got, |a, b| a.0.total_cmp(&b.0));
        let bits = |v: &[(f64, usize)]| v.iter().map(|x| (x.0.to_bits(), x.1)).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&want));
    }
}
