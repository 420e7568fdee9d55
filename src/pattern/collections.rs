//! Collections of points shared by the pattern board and the search: [`PointSet`], a set of
//! board points as a bit mask iterated in index order, and [`PointList`], a short list kept
//! inline.

use smallvec::SmallVec;

use crate::board::{Point, CELL_COUNT, MAX_SIZE};

/// [`PointSet::insert_row`] puts two rows of 32 points in each word.
const _: () = assert!(MAX_SIZE == 32);

/// A short list of points, kept inline up to `N` of them (64 unless said otherwise) and on the
/// heap past that.
pub type PointList<const N: usize = 64> = SmallVec<[Point; N]>;

/// A set of points as a 1024-bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointSet {
    words: [u64; CELL_COUNT / 64],
}

impl Default for PointSet {
    fn default() -> Self {
        PointSet::new()
    }
}

impl PointSet {
    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet {
            words: [0; CELL_COUNT / 64],
        }
    }

    /// Adds `point`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, point: Point) -> bool {
        let (word, bit) = (point.index() / 64, point.index() % 64);
        let new = self.words[word] >> bit & 1 == 0;
        self.words[word] |= 1 << bit;
        new
    }

    /// Removes `point`.
    #[inline]
    pub fn remove(&mut self, point: Point) {
        self.words[point.index() / 64] &= !(1 << (point.index() % 64));
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        self.words[point.index() / 64] >> (point.index() % 64) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Adds every point of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &PointSet) {
        for (word, other) in self.words.iter_mut().zip(other.words.iter()) {
            *word |= other;
        }
    }

    /// Keeps only the points that are also in `other`.
    #[inline]
    pub fn intersect_with(&mut self, other: &PointSet) {
        for (word, other) in self.words.iter_mut().zip(other.words.iter()) {
            *word &= other;
        }
    }

    /// Adds the points of row `y` whose columns are the set bits of `columns` (bit `x`: column
    /// `x`). A row is `MAX_SIZE` = 32 indices long, so two rows share a word.
    #[inline]
    pub fn insert_row(&mut self, y: usize, columns: u32) {
        self.words[y / 2] |= u64::from(columns) << (32 * (y % 2));
    }

    /// The points, in index order.
    #[inline]
    pub fn iter(&self) -> PointSetIter<'_> {
        PointSetIter {
            words: &self.words,
            word_index: 0,
            current: self.words[0],
        }
    }

    /// The first point, in index order.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        self.iter().next()
    }
}

/// Iterator over a [`PointSet`].
pub struct PointSetIter<'a> {
    words: &'a [u64; CELL_COUNT / 64],
    word_index: usize,
    current: u64,
}

impl Iterator for PointSetIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(Point::from_index(self.word_index * 64 + bit));
            }
            self.word_index += 1;
            if self.word_index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.word_index];
        }
    }
}
