//! The transposition table: what earlier visits learned about a position (best move, score
//! bound, depth), shared by all search threads without locks; and its size for a game
//! ([`TableRequest`]: what the manager asked, within its memory and the first move's time).
//!
//! Layout: buckets of four 16-byte entries, each bucket aligned to one 64-byte cache line; the
//! search asks for the bucket of a child position ([`TranspositionTable::prefetch`]) before it
//! makes the move, so that the probe after it rarely waits for memory. An entry is two
//! `AtomicU64`: the position key xor the data, and the data. A reader recomputes the key from
//! both words, so an entry torn by a concurrent write simply fails to match ("xor trick").
//!
//! Data word:
//! ```text
//!  bits 0..10   move (point index, 0x7FF = none)
//!  bits 11..26  score (i16, win scores stored relative to the node, see `score_to_table`)
//!  bits 27..42  static evaluation (i16)
//!  bits 43..50  depth (u8)
//!  bits 51..52  bound (1 upper, 2 lower, 3 exact)
//!  bits 53..58  generation (6 bits, the search count modulo 64)
//! ```
//! Replacement: an entry with the same key is overwritten unless it is much deeper and from
//! this search; otherwise the entry of the bucket with the lowest depth, aged by generation,
//! goes.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::Point;
use crate::timeman::{self, Budget};

use super::{Score, WIN_THRESHOLD};

/// Kind of bound a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most the stored score (fail low).
    Upper = 1,
    /// The true score is at least the stored score (fail high).
    Lower = 2,
    /// The stored score is exact (a PV node).
    Exact = 3,
}

impl Bound {
    /// The bound a search result `score` is, for a search begun with the window
    /// `(original_alpha, beta)`.
    #[inline]
    pub fn of(score: Score, original_alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored score with this bound settles a search with the window
    /// `(alpha, beta)`.
    #[inline]
    pub fn cuts(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// Best (or refuting) move, if one was stored.
    pub best_move: Option<Point>,
    /// Score, already converted back to be relative to the root.
    pub score: Score,
    /// Static evaluation of the position.
    pub eval: Score,
    /// Depth of the search that stored it.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

const ENTRIES_PER_BUCKET: usize = 4;
const ENTRY_BYTES: usize = 16;
const NO_MOVE: u64 = 0x7FF;

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// One bucket, aligned to a cache line so that a probe touches one line, not two (a large
/// `Vec<Entry>` would start 16 bytes past a page boundary and split every bucket).
#[repr(C, align(64))]
struct Bucket([Entry; ENTRIES_PER_BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == ENTRY_BYTES * ENTRIES_PER_BUCKET);

/// The shared table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    bucket_count: usize,
    generation: u8,
}

/// Converts a score relative to the root into one relative to the node `ply` plies down, so
/// that a stored win means "win in n from here" wherever the position is met again.
#[inline]
pub fn score_to_table(score: Score, ply: i32) -> Score {
    if score >= WIN_THRESHOLD {
        score + ply
    } else if score <= -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`score_to_table`].
#[inline]
pub fn score_from_table(score: Score, ply: i32) -> Score {
    if score >= WIN_THRESHOLD {
        score - ply
    } else if score <= -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn new(bytes: usize) -> TranspositionTable {
        let bucket_count = (bytes / (ENTRY_BYTES * ENTRIES_PER_BUCKET)).max(1);
        let buckets = (0..bucket_count)
            .map(|_| {
                Bucket(std::array::from_fn(|_| Entry {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                }))
            })
            .collect();
        TranspositionTable {
            buckets,
            bucket_count,
            generation: 0,
        }
    }

    /// The size in bytes a table made with `new(bytes)` has.
    pub fn new_size(bytes: usize) -> usize {
        (bytes / (ENTRY_BYTES * ENTRIES_PER_BUCKET)).max(1) * ENTRY_BYTES * ENTRIES_PER_BUCKET
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * ENTRIES_PER_BUCKET * ENTRY_BYTES
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for entry in self.buckets.iter().flat_map(|bucket| &bucket.0) {
            entry.check.store(0, Ordering::Relaxed);
            entry.data.store(0, Ordering::Relaxed);
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry; ENTRIES_PER_BUCKET] {
        &self.buckets[self.bucket_index(key)].0
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.bucket_count as u128) >> 64) as usize
    }

    /// Asks the processor to start loading the bucket of `key` into the cache, so that a probe
    /// of it a little later does not wait for memory. Changes nothing the search sees.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = &self.buckets[self.bucket_index(key)];
            // SAFETY: prefetching is only a hint; the address is that of a live bucket.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    bucket as *const i8,
                )
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up; `ply` converts win scores back.
    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        // Key 0 never matches an empty entry: empty entries have data 0, so check == 0 == key
        // would match; make the stored key never 0 by setting a bit.
        let key = key | 1;
        for entry in self.bucket(key) {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return Some(unpack(data, ply));
            }
        }
        None
    }

    /// Stores what a search of `key` at `depth` found.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: i32,
        best_move: Option<Point>,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        let key = key | 1;
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (index, entry) in bucket.iter().enumerate() {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                let old_depth = (data >> 43 & 0xFF) as i32;
                let old_generation = (data >> 53 & 0x3F) as u8;
                if bound != Bound::Exact
                    && old_generation == self.generation
                    && old_depth > depth + 2
                {
                    return;
                }
                // Keep the old move when the new visit found none.
                let best_move = best_move.or_else(|| {
                    let code = data & 0x7FF;
                    (code != NO_MOVE).then(|| Point::from_index(code as usize))
                });
                self.write(entry, key, ply, best_move, score, eval, depth, bound);
                return;
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                let old_depth = (data >> 43 & 0xFF) as i32;
                let age = (self.generation as i32 - (data >> 53 & 0x3F) as i32) & 0x3F;
                old_depth - 8 * age
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = index;
            }
        }
        self.write(
            &bucket[victim],
            key,
            ply,
            best_move,
            score,
            eval,
            depth,
            bound,
        );
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn write(
        &self,
        entry: &Entry,
        key: u64,
        ply: i32,
        best_move: Option<Point>,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        let move_code = best_move.map_or(NO_MOVE, |p| p.index() as u64);
        let score = score_to_table(score, ply).clamp(-32_000, 32_000) as i16 as u16 as u64;
        let eval = eval.clamp(-32_000, 32_000) as i16 as u16 as u64;
        let depth = depth.clamp(0, 255) as u64;
        let data = move_code
            | score << 11
            | eval << 27
            | depth << 43
            | (bound as u64) << 51
            | (self.generation as u64) << 53;
        entry.data.store(data, Ordering::Relaxed);
        entry.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of entries written in this search (sampled over the first buckets).
    pub fn hashfull(&self) -> usize {
        let sample_buckets = self.buckets.len().min(1000);
        let sample = sample_buckets * ENTRIES_PER_BUCKET;
        let used = self.buckets[..sample_buckets]
            .iter()
            .flat_map(|bucket| &bucket.0)
            .filter(|e| {
                let data = e.data.load(Ordering::Relaxed);
                data != 0 && (data >> 53 & 0x3F) as u8 == self.generation
            })
            .count();
        used * 1000 / sample.max(1)
    }
}

#[inline]
fn unpack(data: u64, ply: i32) -> Hit {
    let code = data & 0x7FF;
    let best_move = (code != NO_MOVE).then(|| Point::from_index(code as usize));
    let score = (data >> 11 & 0xFFFF) as u16 as i16 as Score;
    let eval = (data >> 27 & 0xFFFF) as u16 as i16 as Score;
    let depth = (data >> 43 & 0xFF) as i32;
    let bound = match data >> 51 & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    Hit {
        best_move,
        score: score_from_table(score, ply),
        eval,
        depth,
        bound,
    }
}

/// The table size when the manager asks for none.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;
/// Largest table a manager may ask for with `hash_size`: 2^22 KiB = 4 GiB (what Yixin-Board is
/// told as `INFO MAX_HASH_SIZE`).
pub const MAX_HASH_SIZE_LOG2_KIB: u32 = 22;
/// Kept back from `max_memory` besides the half given to the table.
const MEMORY_RESERVE_BYTES: u64 = 16 << 20;
/// Smallest table ever chosen.
const MIN_TABLE_BYTES: usize = 1 << 20;

/// What a manager asked of the table's size (Gomocup's `INFO hash_size` and `max_memory`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableRequest {
    /// The size wanted, in KiB (at most 2^[`MAX_HASH_SIZE_LOG2_KIB`]); 0: the default,
    /// [`DEFAULT_TABLE_BYTES`].
    pub hash_kib: u64,
    /// The memory the whole engine may use, in bytes; 0: no limit.
    pub max_memory: u64,
}

impl TableRequest {
    /// The table size for a game whose first move gets `first_move`: what was asked for (or the
    /// default), within half of `max_memory` less a reserve, and small enough to set up within
    /// a quarter of the time the first move is expected to take (its soft limit; the hard one
    /// when it has none: see [`timeman::table_bytes_affordable`]); never under 1 MiB. The setup
    /// comes out of that move's time: sized by the hard limit, a short game clock (6 s a game
    /// and 1 s a move) left the first move of a new process 70 ms, and it played a depth-1
    /// move.
    pub fn table_bytes(self, first_move: Budget) -> usize {
        let asked = if self.hash_kib > 0 {
            let kib = self.hash_kib.min(1 << MAX_HASH_SIZE_LOG2_KIB);
            kib.saturating_mul(1024).min(usize::MAX as u64) as usize
        } else {
            DEFAULT_TABLE_BYTES
        };
        let by_memory = if self.max_memory > 0 {
            (self.max_memory / 2).saturating_sub(MEMORY_RESERVE_BYTES) as usize
        } else {
            usize::MAX
        };
        let expected = if first_move.soft.is_zero() {
            first_move.hard
        } else {
            first_move.soft
        };
        let by_time = timeman::table_bytes_affordable(expected);
        asked.min(by_memory).min(by_time).max(MIN_TABLE_BYTES)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::search::WIN;

    /// A first move with `soft` and `hard` limits in milliseconds.
    fn first_move(soft: u64, hard: u64) -> Budget {
        Budget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
            fast: false,
            unlimited: false,
        }
    }

    #[test]
    fn the_table_is_what_the_manager_asked_for_within_its_memory() {
        // An hour for the first move: time bounds nothing.
        let long = first_move(3_600_000, 3_600_000);
        let asked = |hash_kib, max_memory| {
            TableRequest {
                hash_kib,
                max_memory,
            }
            .table_bytes(long)
        };
        // Nothing asked: the default. hash_size in KiB.
        assert_eq!(asked(0, 0), DEFAULT_TABLE_BYTES);
        assert_eq!(asked(2048, 0), 2 << 20);
        // At most 2^22 KiB, at least 1 MiB.
        assert_eq!(asked(u64::MAX, 0), 4 << 30);
        assert_eq!(asked(1, 0), MIN_TABLE_BYTES);
        // max_memory: half of it, less the reserve, whatever was asked.
        assert_eq!(asked(0, 80 << 20), 24 << 20);
        assert_eq!(asked(1 << 20, 80 << 20), 24 << 20);
        assert_eq!(asked(2048, 80 << 20), 2 << 20);
        assert_eq!(asked(0, 10 << 20), MIN_TABLE_BYTES);
        // Gomocup's 350 MiB: the default fits.
        assert_eq!(asked(0, 367_001_600), DEFAULT_TABLE_BYTES);
    }

    #[test]
    fn the_first_moves_time_bounds_the_table() {
        let request = TableRequest::default();
        // A quarter of the soft limit (of the hard one when there is no soft one).
        let short = first_move(400, 1000);
        assert_eq!(
            request.table_bytes(short),
            timeman::table_bytes_affordable(Duration::from_millis(400))
        );
        assert!(request.table_bytes(short) < DEFAULT_TABLE_BYTES);
        assert_eq!(
            request.table_bytes(first_move(0, 400)),
            request.table_bytes(short)
        );
        assert_eq!(request.table_bytes(first_move(0, 0)), MIN_TABLE_BYTES);
    }

    #[test]
    fn store_and_probe() {
        let table = TranspositionTable::new(1 << 16);
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(table.probe(key, 0).is_none());
        table.store(
            key,
            3,
            Some(Point::new(4, 5)),
            WIN - 10,
            -42,
            7,
            Bound::Lower,
        );
        let hit = table.probe(key, 3).unwrap();
        assert_eq!(hit.best_move, Some(Point::new(4, 5)));
        assert_eq!(hit.score, WIN - 10);
        assert_eq!(hit.eval, -42);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        // Met two plies deeper, the same win (in 7 from the node) is two plies further away.
        assert_eq!(table.probe(key, 5).unwrap().score, WIN - 12);
        assert!(table.probe(key ^ 0x100, 3).is_none());
    }

    #[test]
    fn buckets_sit_on_cache_lines() {
        let table = TranspositionTable::new(1 << 16);
        assert_eq!(table.buckets.as_ptr() as usize % 64, 0);
        assert_eq!(table.bytes(), table.bucket_count * 64);
        // A prefetch is only a hint: any key, nothing changes.
        for key in [0, 1, u64::MAX, 0x1234_5678_9ABC_DEF0] {
            table.prefetch(key);
            assert!(table.probe(key, 0).is_none());
        }
    }
}
