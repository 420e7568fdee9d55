//! Search-shape counters ([`SearchShape`]): how much the tree reduces late moves, how often the
//! first move tried makes the cutoff, and how the tree grows from one depth to the next. They
//! are the fast proxies of the search's shape that `bench` prints (targets and Rapfi's figures:
//! `docs/strength.md`); counting changes nothing the search does.

/// Deepest iteration whose node count is kept.
const MAX_ITERATION: usize = 64;

/// Counters of one search's main worker.
#[derive(Clone, Debug)]
pub struct SearchShape {
    /// Moves after the first at nodes of depth 4 or more that could be reduced.
    pub late_moves: u64,
    /// Plies those moves were reduced by, in all.
    pub reduction_plies: u64,
    /// Those of them searched without a reduction.
    pub unreduced: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
    /// Beta cutoffs made by the first move tried.
    pub first_move_cutoffs: u64,
    /// Nodes searched when each iteration finished (index = depth; 0 when it did not).
    pub iteration_nodes: [u64; MAX_ITERATION],
}

impl Default for SearchShape {
    fn default() -> Self {
        SearchShape {
            late_moves: 0,
            reduction_plies: 0,
            unreduced: 0,
            cutoffs: 0,
            first_move_cutoffs: 0,
            iteration_nodes: [0; MAX_ITERATION],
        }
    }
}

impl SearchShape {
    /// Records a late move at depth 4 or more, reduced by `plies`.
    #[inline]
    pub fn late_move(&mut self, plies: i32) {
        self.late_moves += 1;
        self.reduction_plies += plies.max(0) as u64;
        self.unreduced += u64::from(plies <= 0);
    }

    /// Records a beta cutoff by the `move_count`-th move tried (from 1).
    #[inline]
    pub fn cutoff(&mut self, move_count: usize) {
        self.cutoffs += 1;
        self.first_move_cutoffs += u64::from(move_count == 1);
    }

    /// Records the end of the iteration at `depth` after `nodes` nodes.
    pub fn iteration(&mut self, depth: i32, nodes: u64) {
        if let Some(slot) = self.iteration_nodes.get_mut(depth.max(0) as usize) {
            *slot = nodes;
        }
    }

    /// Adds another search's counters (not its iteration nodes).
    pub fn add(&mut self, other: &SearchShape) {
        self.late_moves += other.late_moves;
        self.reduction_plies += other.reduction_plies;
        self.unreduced += other.unreduced;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
    }

    /// Average reduction of a late move at depth 4 or more, in plies.
    pub fn average_reduction(&self) -> f64 {
        self.reduction_plies as f64 / self.late_moves.max(1) as f64
    }

    /// Share of those late moves searched without a reduction.
    pub fn unreduced_share(&self) -> f64 {
        self.unreduced as f64 / self.late_moves.max(1) as f64
    }

    /// Share of the cutoffs the first move made.
    pub fn first_move_cutoff_rate(&self) -> f64 {
        self.first_move_cutoffs as f64 / self.cutoffs.max(1) as f64
    }

    /// The effective branching factor from depth `from` to depth `to`: the growth of the node
    /// count per iteration, `(nodes(to) / nodes(from))^(1 / (to - from))`; `None` unless both
    /// iterations finished.
    pub fn branching_factor(&self, from: usize, to: usize) -> Option<f64> {
        let low = *self.iteration_nodes.get(from)?;
        let high = *self.iteration_nodes.get(to)?;
        if to <= from || low == 0 || high < low {
            return None;
        }
        Some((high as f64 / low as f64).powf(1.0 / (to - from) as f64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_give_rates_and_growth() {
        let mut shape = SearchShape::default();
        shape.late_move(0);
        shape.late_move(2);
        shape.late_move(3);
        shape.late_move(-1);
        assert_eq!(shape.average_reduction(), 5.0 / 4.0);
        assert_eq!(shape.unreduced_share(), 0.5);
        shape.cutoff(1);
        shape.cutoff(1);
        shape.cutoff(3);
        shape.cutoff(1);
        assert_eq!(shape.first_move_cutoff_rate(), 0.75);
        shape.iteration(3, 100);
        shape.iteration(5, 400);
        assert_eq!(shape.branching_factor(3, 5), Some(2.0));
        assert_eq!(shape.branching_factor(3, 8), None);
        let mut total = SearchShape::default();
        total.add(&shape);
        total.add(&shape);
        assert_eq!(total.cutoffs, 8);
        assert_eq!(total.average_reduction(), 5.0 / 4.0);
    }
}
