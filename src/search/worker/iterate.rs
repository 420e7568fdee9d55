//! The root of one search thread: iterative deepening with aspiration windows
//! ([`Worker::iterate`]), the root move loop for one best move and for several exact ones
//! (multi-PV), and the events the main thread reports while it searches.

use super::*;

impl<'a> Worker<'a> {
    /// Searches the root moves at `depth` within `(alpha, beta)`; sorts them by score. Each
    /// root move's start and end go to `on_event`.
    fn search_root(
        &mut self,
        mut alpha: Score,
        beta: Score,
        depth: i32,
        on_event: &mut OnEvent<'_>,
    ) -> Score {
        self.pv_length[0] = 0;
        let mut best_score = -INFINITE;
        for index in 0..self.root_moves.len() {
            let point = self.root_moves[index].point;
            on_event(self, WorkerEvent::RootMoveStarted(point));
            self.pos.play(point);
            self.nodes += 1;
            let score = if index == 0 {
                -self.search(-beta, -alpha, depth - 1, 1, true, false)
            } else {
                let mut s = -self.search(-alpha - 1, -alpha, depth - 1, 1, false, true);
                if s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, depth - 1, 1, true, false);
                }
                s
            };
            self.pos.undo();
            if self.aborted {
                break;
            }
            // The first move's score, or one that beat alpha (then it goes to the front).
            let exact = index == 0 || score > alpha;
            if exact {
                self.front_failed_low = score <= alpha;
            }
            on_event(
                self,
                WorkerEvent::RootMoveSearched {
                    point,
                    score,
                    exact: exact && score < beta,
                },
            );
            if exact {
                self.record_root_line(index, score);
            } else {
                self.root_moves[index].score = -INFINITE;
            }
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                // A new best move goes to the front (the rest keeps its order).
                let moved = self.root_moves.remove(index);
                self.root_moves.insert(0, moved);
                if score >= beta {
                    break;
                }
                alpha = score;
            }
        }
        best_score
    }

    /// Records the `index`-th root move's exact `score` and its line (the move, then the
    /// principal variation the search below it left at ply 1).
    fn record_root_line(&mut self, index: usize, score: Score) {
        let length = self.pv_length[1];
        let root_move = &mut self.root_moves[index];
        root_move.score = score;
        root_move.pv.truncate(1);
        root_move
            .pv
            .extend_from_slice(&self.pv_table[1][1..length.max(1)]);
    }

    /// Searches every root move at `depth` so that the best `multi_pv` of them get exact scores:
    /// a move is searched with a full window while fewer than `multi_pv` moves are ranked, else
    /// with a null window at the `multi_pv`-th best score so far, and again with a full window
    /// when it beats it. The moves are then sorted by score (moves that failed low keep their
    /// upper bound and sort after the exact ones). Returns the best score.
    fn search_root_multi(&mut self, depth: i32, on_event: &mut OnEvent<'_>) -> Score {
        let wanted = self.multi_pv.min(self.root_moves.len()).max(1);
        let mut exact_scores: Vec<Score> = Vec::with_capacity(self.root_moves.len());
        // Indices of the root moves scored exactly.
        let mut exact: Vec<usize> = Vec::with_capacity(wanted);
        for index in 0..self.root_moves.len() {
            let point = self.root_moves[index].point;
            on_event(self, WorkerEvent::RootMoveStarted(point));
            self.pv_length[1] = 0;
            self.pos.play(point);
            self.nodes += 1;
            let bar = if exact_scores.len() < wanted {
                None
            } else {
                exact_scores.sort_unstable_by(|a, b| b.cmp(a));
                Some(exact_scores[wanted - 1])
            };
            let (score, full) = match bar {
                None => (
                    -self.search(-INFINITE, INFINITE, depth - 1, 1, true, false),
                    true,
                ),
                Some(bar) => {
                    let s = -self.search(-bar - 1, -bar, depth - 1, 1, false, true);
                    if s > bar && !self.aborted {
                        (
                            -self.search(-INFINITE, INFINITE, depth - 1, 1, true, false),
                            true,
                        )
                    } else {
                        (s, false)
                    }
                }
            };
            self.pos.undo();
            if self.aborted {
                break;
            }
            on_event(
                self,
                WorkerEvent::RootMoveSearched {
                    point,
                    score,
                    exact: full,
                },
            );
            if full {
                exact_scores.push(score);
                exact.push(index);
                self.record_root_line(index, score);
            } else {
                self.root_moves[index].score = score;
                self.root_moves[index].pv.truncate(1);
            }
        }
        if self.aborted {
            return -INFINITE;
        }
        // Exact scores first, best first; the order of the rest by their bounds.
        let mut order: Vec<(bool, Score, usize)> = (0..self.root_moves.len())
            .map(|i| (exact.contains(&i), self.root_moves[i].score, i))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        let sorted: Vec<RootMove> = order
            .iter()
            .map(|&(_, _, i)| self.root_moves[i].clone())
            .collect();
        self.root_moves = sorted;
        self.exact_root_moves = exact_scores.len();
        self.root_moves[0].score
    }

    /// After a multi-PV iteration: the best root moves with exact scores, at most `multi_pv`.
    pub fn exact_lines(&self) -> &[RootMove] {
        let count = self
            .exact_root_moves
            .min(self.multi_pv)
            .min(self.root_moves.len());
        &self.root_moves[..count]
    }

    /// The depth of the iteration under way.
    pub fn root_depth(&self) -> i32 {
        self.root_depth
    }

    /// Iterative deepening; the main worker (index 0) reports through `on_event`: each root
    /// move it starts and finishes, and each finished iteration, where the answer may reject
    /// the iteration's best move (see [`AfterIteration`]; the answer to other events is
    /// ignored).
    ///
    /// A search stopped inside an iteration answers with what that iteration showed only when
    /// it is at least as sound as the last finished one: a best move with an exact score or one
    /// that beat beta. When the best move so far has only failed low (an aspiration fail low,
    /// before any other move beat alpha), the last finished iteration's ranking stands instead
    /// (see [`ranking_after_stop`]): that bound is no score for the position, and a loss bound
    /// of one move would read as a lost position.
    pub fn iterate(&mut self, max_depth: i32, on_event: &mut OnEvent<'_>) {
        let mut previous: Score = 0;
        // The root moves as the last finished iteration ranked them.
        let mut finished: Option<Vec<RootMove>> = None;
        let start_depth = 1 + (self.index as i32 % 2);
        let mut depth = start_depth;
        while depth <= max_depth {
            for root_move in &mut self.root_moves {
                root_move.previous_score = root_move.score;
            }
            let mut delta = 60;
            let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < WIN_THRESHOLD {
                (previous - delta, previous + delta)
            } else {
                (-INFINITE, INFINITE)
            };
            self.root_depth = depth;
            self.front_failed_low = false;
            let score = loop {
                if self.multi_pv > 1 {
                    break self.search_root_multi(depth, on_event);
                }
                let score = self.search_root(alpha, beta, depth, on_event);
                if self.aborted {
                    break score;
                }
                match aspiration_step(score, alpha, beta, delta) {
                    AspirationStep::Done => break score,
                    AspirationStep::Again {
                        alpha: new_alpha,
                        beta: new_beta,
                    } => (alpha, beta) = (new_alpha, new_beta),
                }
                delta *= 2;
            };
            if self.aborted {
                if let Some(finished) = finished {
                    if self.multi_pv > 1 || self.front_failed_low {
                        self.root_moves = ranking_after_stop(finished, &self.root_moves[0]);
                    }
                }
                break;
            }
            previous = score;
            self.completed_depth = depth;
            self.shape.iteration(depth, self.nodes);
            log::debug!(
                "depth {depth} done: nodes {}, quiescence nodes {}",
                self.nodes,
                self.quiescence_nodes
            );
            if let AfterIteration::Reject(point) =
                on_event(self, WorkerEvent::IterationDone { depth, score })
            {
                if self.root_moves.len() > 1 {
                    // Search this depth again without it, from a full window: the score
                    // belonged to the rejected move.
                    self.root_moves.retain(|root_move| root_move.point != point);
                    if let Some(finished) = finished.as_mut() {
                        finished.retain(|root_move| root_move.point != point);
                    }
                    previous = INFINITE;
                    continue;
                }
            }
            finished = Some(self.root_moves.clone());
            if self.multi_pv > 1 {
                self.ranked_lines = self.exact_lines().to_vec();
            }
            if score.abs() >= WIN_THRESHOLD && self.index == 0 {
                break;
            }
            if self.shared.done.load(Ordering::Relaxed) {
                break;
            }
            depth += 1;
            if self.index > 0 && self.index % 3 == 2 && depth < max_depth {
                // Some helpers skip a depth now and then, to spread over the tree.
                depth += self.completed_depth % 2;
            }
        }
        self.flush_nodes();
    }
}

/// The root moves to answer with when a search stops inside an iteration that has no sound
/// best move yet: the last finished iteration's ranking (`finished`), except that the move
/// the stopped iteration searched first (`partial_front`) goes last when that iteration
/// proved it lost (a loss score, which even as a bound is a proof: the opponent's win after it
/// was found with every defence searched).
fn ranking_after_stop(mut finished: Vec<RootMove>, partial_front: &RootMove) -> Vec<RootMove> {
    let proven_lost = partial_front.score <= -WIN_THRESHOLD && partial_front.score > -WIN;
    if proven_lost {
        if let Some(index) = finished
            .iter()
            .position(|root_move| root_move.point == partial_front.point)
        {
            let mut lost = finished.remove(index);
            lost.score = partial_front.score;
            finished.push(lost);
        }
    }
    finished
}

/// What the main worker reports while it searches (see [`Worker::iterate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkerEvent {
    /// The root search of the current iteration starts on this move.
    RootMoveStarted(Point),
    /// The root search of the current iteration finished this move with `score`: exact, or
    /// (when not `exact`) a bound from a null-window or aspiration search.
    RootMoveSearched {
        point: Point,
        score: Score,
        exact: bool,
    },
    /// An iteration finished at `depth` with the best move's `score`.
    IterationDone { depth: i32, score: Score },
}

/// The event hook of [`Worker::iterate`].
pub type OnEvent<'c> = dyn FnMut(&Worker<'_>, WorkerEvent) -> AfterIteration + 'c;

/// What the iteration callback of [`Worker::iterate`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterIteration {
    /// Go on deepening.
    Continue,
    /// This root move loses (the opponent has a proven forced win after it): drop it and
    /// search the same depth again (unless it is the last root move).
    Reject(Point),
}

/// What the aspiration loop of [`Worker::iterate`] does after a root search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AspirationStep {
    /// The score is the iteration's result.
    Done,
    /// Search the root again with this window.
    Again { alpha: Score, beta: Score },
}

/// The aspiration loop's step after a root search with the window `(alpha, beta)` returned
/// `score`: inside the window, done; outside, a window `delta` wider on the failing side (the
/// whole side once it reaches win scores). A fail high with a win score is done too: a win is a
/// proven lower bound (every defence was searched and lost), and a search again with a wider
/// window may not find it a second time (pruning depends on the window), losing the winning
/// move (it found about half again as many of Rapfi's long mates: `docs/strength.md`).
fn aspiration_step(score: Score, alpha: Score, beta: Score, delta: Score) -> AspirationStep {
    if score >= beta && score >= WIN_THRESHOLD {
        AspirationStep::Done
    } else if score <= alpha && alpha > -INFINITE {
        let mut alpha = (score - delta).max(-INFINITE);
        if alpha < -WIN_THRESHOLD {
            alpha = -INFINITE;
        }
        AspirationStep::Again { alpha, beta }
    } else if score >= beta && beta < INFINITE {
        let mut beta = (score + delta).min(INFINITE);
        if beta > WIN_THRESHOLD {
            beta = INFINITE;
        }
        AspirationStep::Again { alpha, beta }
    } else {
        AspirationStep::Done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_move(x: usize, score: Score) -> RootMove {
        RootMove {
            score,
            ..RootMove::new(Point::new(x, 7))
        }
    }

    fn points(ranking: &[RootMove]) -> Vec<(usize, Score)> {
        ranking.iter().map(|m| (m.point.x(), m.score)).collect()
    }

    #[test]
    fn a_stop_after_a_fail_low_answers_with_the_finished_ranking() {
        let finished = vec![
            root_move(1, -300),
            root_move(2, -INFINITE),
            root_move(3, -INFINITE),
        ];
        // The first move failed low with an ordinary bound: the finished ranking, unchanged.
        let ranking = ranking_after_stop(finished.clone(), &root_move(1, -700));
        assert_eq!(points(&ranking), points(&finished));
        // It failed low with a loss: proven lost, so it goes last with its loss score.
        let lost = -(WIN - 14);
        let ranking = ranking_after_stop(finished.clone(), &root_move(1, lost));
        assert_eq!(
            points(&ranking),
            [(2, -INFINITE), (3, -INFINITE), (1, lost)]
        );
        // A move not searched yet (its score is the initial -WIN) proves nothing.
        let ranking = ranking_after_stop(finished.clone(), &root_move(1, -WIN));
        assert_eq!(points(&ranking), points(&finished));
    }

    #[test]
    fn a_fail_high_with_a_win_score_ends_the_aspiration_loop() {
        let win = WIN - 40;
        // A win beyond beta: kept, not searched again.
        assert_eq!(aspiration_step(win, 100, 160, 60), AspirationStep::Done);
        // An ordinary fail high widens beta; a fail low lowers alpha; both by delta.
        assert_eq!(
            aspiration_step(200, 100, 160, 60),
            AspirationStep::Again {
                alpha: 100,
                beta: 260
            }
        );
        assert_eq!(
            aspiration_step(50, 100, 160, 60),
            AspirationStep::Again {
                alpha: -10,
                beta: 160
            }
        );
        // Once the window would reach win scores, it opens fully on that side.
        assert_eq!(
            aspiration_step(WIN_THRESHOLD - 10, 100, 160, 60),
            AspirationStep::Again {
                alpha: 100,
                beta: INFINITE
            }
        );
        assert_eq!(
            aspiration_step(-win, 100, 160, 60),
            AspirationStep::Again {
                alpha: -INFINITE,
                beta: 160
            }
        );
        // Inside the window: done.
        assert_eq!(aspiration_step(130, 100, 160, 60), AspirationStep::Done);
    }
}
