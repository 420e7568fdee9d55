//! The search's tunable constants, each declared once in the table below: name, value, the
//! range a tuning build accepts, and what it means. The search reads them as functions
//! (`params::futility_depth()`): in a normal build each is a constant the compiler folds in;
//! built with the cargo feature `tuning` each is an atomic that `set` changes by name, and
//! the environment variable `TENGEN_PARAMETERS` (`name=value,name=value`) is applied when the
//! first [`super::Engine`] is made, so that a match manager can run a setting without a
//! rebuild:
//!
//! ```sh
//! cargo build --release --features tuning
//! TENGEN_PARAMETERS="move_count_percent=100,cut_node_reduction=1" target/release/pbrain-tengen
//! ```
//!
//! Why each value is what it is, with the matches behind it: `docs/strength.md`.

macro_rules! tunables {
    ($($name:ident = $default:literal, $min:literal..=$max:literal, $meaning:literal;)*) => {
        /// Every tunable, in declaration order.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable {
                name: stringify!($name),
                default: $default,
                min: $min,
                max: $max,
                meaning: $meaning,
            },)*
        ];

        $(
            #[doc = $meaning]
            #[cfg(not(feature = "tuning"))]
            #[inline(always)]
            pub const fn $name() -> i32 {
                $default
            }

            #[doc = $meaning]
            #[cfg(feature = "tuning")]
            #[inline]
            pub fn $name() -> i32 {
                tuned::$name.load(std::sync::atomic::Ordering::Relaxed)
            }
        )*

        /// The current values of a tuning build, one atomic per tunable.
        #[cfg(feature = "tuning")]
        #[allow(non_upper_case_globals)]
        mod tuned {
            use std::sync::atomic::AtomicI32;
            $(pub static $name: AtomicI32 = AtomicI32::new($default);)*
        }

        /// Sets the tunable called `name` to `value` (tuning builds only); says why not on an
        /// unknown name or a value outside its range.
        #[cfg(feature = "tuning")]
        pub fn set(name: &str, value: i32) -> Result<(), String> {
            let tunable = TUNABLES
                .iter()
                .find(|tunable| tunable.name == name)
                .ok_or_else(|| format!("unknown search parameter '{name}'"))?;
            if !(tunable.min..=tunable.max).contains(&value) {
                return Err(format!(
                    "{name}={value} is outside {}..={}",
                    tunable.min, tunable.max
                ));
            }
            let slot = match name {
                $(stringify!($name) => &tuned::$name,)*
                _ => return Err(format!("unknown search parameter '{name}'")),
            };
            slot.store(value, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        }
    };
}

/// One tunable constant of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// Its name, as `set` and `TENGEN_PARAMETERS` take it.
    pub name: &'static str,
    /// The value in use (the only value of a normal build).
    pub default: i32,
    /// Smallest value a tuning build accepts.
    pub min: i32,
    /// Largest value a tuning build accepts.
    pub max: i32,
    /// What it does, in one line.
    pub meaning: &'static str,
}

// Each entry: name = value, the range a tuning build accepts, what it does. The comments say
// why a value is what it is; the matches are in `docs/strength.md`.
tunables! {
    futility_depth = 7, 0..=20,
        "Deepest depth of reverse futility pruning (0 turns it off).";
    futility_margin = 120, 0..=1000,
        "Reverse futility margin per ply: a quiet non-PV node this far above beta is cut.";
    // 130 rather than 100 or 160: best of the values played against Rapfi in renju and freestyle.
    move_count_percent = 130, 0..=1000,
        "Move count pruning: percent of the `3 + depth^1.3` move limit (0 turns it off).";
    trivial_pruning_depth = 4, 0..=20,
        "Below this depth, moves that make nothing for either side (no open two) are skipped.";
    reduction_percent = 90, 0..=400,
        "Late move reduction: percent of `ln(depth) * ln(move number)` plies.";
    // 2: about two points above 1 over 600 renju games against Rapfi (one standard error); 3 level.
    cut_node_reduction = 2, 0..=6,
        "Extra plies of reduction at expected cut nodes, for moves that are not killers.";
    not_improving_reduction = 1, 0..=6,
        "Extra plies of reduction at non-PV nodes whose evaluation is not improving.";
    far_defence_reduction = 200, 0..=800,
        "Late move reduction, in hundredths of a ply, of a move against a threat (our fours \
         included) that is far from the opponent's last move (half as much again when far from \
         our own).";
    // One ply: the moves after a good one only have to be shown worse, and a shallower search
    // does that; the matches that chose it are in docs/strength.md ("The alpha-raise reduction").
    alpha_raise_reduction = 1, 0..=3,
        "Plies taken off a PV node's depth (between 3 and 11) each time a move raises its alpha, \
         for the moves after it.";
    // 5 and 2: the long-win suite's nodes to the mate fell most with two plies, from depths 3
    // to 6 alike (docs/strength.md, "Internal iterative reduction").
    iir_depth = 5, 0..=30,
        "Shallowest depth at which a PV or expected cut node without a table move is searched \
         shallower (internal iterative reduction; 0 turns it off).";
    iir_reduction = 2, 0..=4,
        "Plies taken off such a node's depth.";
    // 4: the hard long-win suite's nodes to the mate fell most with 4 to 6 (docs/strength.md,
    // "The defence extension").
    defence_extension_moves = 4, 0..=64,
        "A node facing a threat with at most this many moves searches them one ply deeper \
         (0 turns it off).";
    // 20: the hard long-win suite's nodes to the mate fell most with 5 to 60 alike, and 20
    // found the most wins (docs/strength.md, "The fail-high reduction").
    fail_high_margin = 20, 0..=2000,
        "At a node expected to cut whose evaluation stands this much per ply above beta, every \
         move but our fours is searched a ply shallower (0 turns it off).";
    // 64, the history's weight: on the hard long-win suite 16 to 128 all found 3 to 8 more wins
    // than no follow-up history, with 12% fewer nodes to the mate (docs/strength.md,
    // "Follow-up history").
    follow_up_divisor = 64, 1..=4096,
        "A move's ordering score adds its follow-up history (after the opponent's last move) \
         divided by this.";
    quiescence_plies = 16, 0..=64,
        "Plies of fours (with their forced blocks) the quiescence search may add.";
    // Small: most moves have no forced win to find; 5 beat 20 in self-play in both rules.
    root_solver_percent = 5, 1..=100,
        "Share of the soft time limit, in percent, the VCF/VCT solvers may use at the root.";
    // The checks are worth about six points against Rapfi; larger shares scored lower.
    best_move_check_percent = 10, 0..=100,
        "Share of the soft time limit, in percent, for each check of a new best move against \
         the opponent's forced win after it (0 turns the checks off).";
    // 2: a check that finds nothing (the usual case) runs its whole share; checking every new
    // best move found about 6 fewer of the hard long-win suite's wins at 1 s, and two checks a
    // search scored as well against Rapfi (docs/strength.md, "Two best-move checks a search").
    iteration_checks = 2, 0..=64,
        "How many new best moves of the iterations one search checks against the opponent's \
         forced win; a later one is left to the final check.";
    // Adopted in self-play (+50 Elo); turned off (0) it scored lower against Rapfi in renju.
    singular_depth = 8, 0..=60,
        "Shallowest depth of the singular extension test (0 turns it off).";
    singular_margin = 2, 0..=100,
        "Singular margin per ply: the other moves must stay this far below the table's score.";
}

/// Applies `name=value,name=value` (the `TENGEN_PARAMETERS` format): each good item is set,
/// each bad one logged and skipped, so that a typo never stops the engine. Returns the items
/// that were refused, with the reason.
#[cfg(feature = "tuning")]
pub fn apply(items: &str) -> Vec<String> {
    let mut refused = Vec::new();
    for item in items.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let result = item
            .split_once('=')
            .ok_or_else(|| "expected name=value".to_string())
            .and_then(|(name, value)| {
                let value: i32 = value
                    .trim()
                    .parse()
                    .map_err(|_| format!("'{}' is not a whole number", value.trim()))?;
                set(name.trim(), value)
            });
        match result {
            Ok(()) => log::info!("search parameter {item}"),
            Err(error) => {
                log::warn!("search parameter '{item}' skipped: {error}");
                refused.push(format!("{item}: {error}"));
            }
        }
    }
    refused
}

/// Applies the `TENGEN_PARAMETERS` environment variable once per process (tuning builds).
#[cfg(feature = "tuning")]
pub(super) fn apply_environment_once() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Ok(items) = std::env::var("TENGEN_PARAMETERS") {
            apply(&items);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_is_named_once_and_its_value_lies_in_its_range() {
        for (index, tunable) in TUNABLES.iter().enumerate() {
            assert!(
                (tunable.min..=tunable.max).contains(&tunable.default),
                "{tunable:?}"
            );
            assert!(!tunable.meaning.is_empty(), "{}", tunable.name);
            assert!(
                TUNABLES[..index].iter().all(|t| t.name != tunable.name),
                "{} twice",
                tunable.name
            );
        }
        assert_eq!(futility_depth(), 7);
        assert_eq!(TUNABLES[0].name, "futility_depth");
    }

    #[cfg(feature = "tuning")]
    #[test]
    fn a_tuning_build_sets_good_items_and_refuses_bad_ones() {
        // The only test that changes a tunable: others may run at the same time, so the value
        // set is the value in use.
        let refused =
            apply(" singular_margin=2, nonsense=1,reduction_percent=x,,quiescence_plies=999");
        assert_eq!(singular_margin(), 2);
        assert_eq!(quiescence_plies(), 16);
        assert_eq!(refused.len(), 3, "{refused:?}");
        assert!(set("singular_margin", -1).is_err());
    }
}
