//! Yixin-Board's commands beyond the Gomocup core, carried out on the [`Session`]: the board
//! marks it asks for (`YXSHOWFORBID`), the hash commands (`YXHASHCLEAR`,
//! `YXSHOWHASHUSAGE`), `YXSHOWINFO`, blocked points (`YXBLOCK…`), `YXNBEST`, the swap2 and
//! Soosõrv-8 opening steps (`YXSWAP2STEP…`, `YXSOOSORVSTEP…`), `YXSEARCHDEFEND` and
//! `YXBALANCE…`. Each one checks its input, calls the engine (which decides) and words the
//! result in the lines Yixin-Board reads.

use std::io;
use std::time::Duration;

use crate::board::{Board, Color, Point};
use crate::rules::{self, Rule};
use crate::search::analysis::{BalanceGoal, Defence, NBest};
use crate::search::MAX_HASH_SIZE_LOG2_KIB;

use crate::protocol::command::Coord;
use crate::protocol::reply::Reply;
use crate::protocol::thinking::{eval_text, point_text};
use crate::search::swap2::Swap2Choice;

use super::{max_threads, point_on, Context, Session};

impl Session {
    /// `YXSHOWFORBID`: the forbidden points of black to move under renju (none otherwise).
    pub(super) fn show_forbid(&mut self, context: &mut Context<'_>) -> io::Result<()> {
        let forbidden = match self.board.as_ref() {
            Some(board) if self.rule == Rule::Renju && board.side_to_move() == Color::Black => {
                rules::forbidden_points(board)
                    .into_iter()
                    .map(|(point, _)| point)
                    .collect()
            }
            _ => Vec::new(),
        };
        context.out.send(&Reply::Forbid(forbidden))
    }

    /// `YXSHOWHASHUSAGE`: how full the transposition table is, as a `MESSAGE`.
    pub(super) fn show_hash_usage(&mut self, context: &mut Context<'_>) -> io::Result<()> {
        let megabytes = self.engine.hash_bytes() >> 20;
        let text = match self.engine.hash_usage() {
            Some(permille) => format!(
                "hash usage {}.{}% of {megabytes} MiB (entries written by the last search)",
                permille / 10,
                permille % 10
            ),
            None => format!("hash usage 0.0% of {megabytes} MiB (no search yet)"),
        };
        context.out.send(&Reply::Message(text))
    }

    /// `YXSHOWINFO`: the manager is Yixin-Board; tells it the engine's name and limits.
    pub(super) fn show_info(&mut self, context: &mut Context<'_>) -> io::Result<()> {
        self.yixin_board = true;
        // Yixin-Board shows this line in its log: the only place its user sees which
        // engine runs (it never sends ABOUT).
        context.out.send(&Reply::Message(format!(
            "Tengen {}",
            env!("CARGO_PKG_VERSION")
        )))?;
        context.out.send(&Reply::Message(format!(
            "INFO MAX_THREAD_NUM {}",
            max_threads()
        )))?;
        context.out.send(&Reply::Message(format!(
            "INFO MAX_HASH_SIZE {MAX_HASH_SIZE_LOG2_KIB}"
        )))
    }

    /// `YXBLOCK` (`add`) or `YXBLOCKUNDO`: adds the points to the blocked ones, or takes them
    /// out. No answer; an `ERROR` when a point is off the board (nothing changes then).
    pub(super) fn block(
        &mut self,
        at: &[Coord],
        add: bool,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return Self::no_board(context);
        };
        let points: Result<Vec<Point>, String> = at.iter().map(|&c| point_on(board, c)).collect();
        let points = match points {
            Ok(points) => points,
            Err(message) => {
                return context.out.send(&Reply::Error(format!(
                    "{message}; blocked points unchanged"
                )))
            }
        };
        for point in points {
            if add {
                if !self.blocked.contains(&point) {
                    self.blocked.push(point);
                }
            } else {
                self.blocked.retain(|&p| p != point);
            }
        }
        log::debug!("blocked points: {:?}", self.blocked);
        Ok(())
    }

    /// The position to analyse for an analysis command: the board, if it has a legal move
    /// (else the answer is sent here and `None` returned).
    fn analysis_board(
        &mut self,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<Option<Board>> {
        let Some(board) = self.board.clone() else {
            Self::no_board(context)?;
            return Ok(None);
        };
        if rules::has_legal_move(&board, self.rule) {
            return Ok(Some(board));
        }
        let reply = self.answer_without_legal_move(&board);
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(None)
    }

    /// `YXSEARCHDEFEND`: `MESSAGE DEFEND` with the moves that stop the opponent's forced win
    /// (`NONE` when it has none, `LOST` when no move stops it), Yixin's marks and lines on the
    /// way, then the best of those moves is played.
    pub(super) fn search_defend(
        &mut self,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.analysis_board(received, context)? else {
            return Ok(());
        };
        self.own_color = Some(board.side_to_move());
        let budget = self.plan_budget(&board);
        let limits = self.limits(budget, received);
        let show = self.show(true, true);
        let rule = self.rule;
        let (defence, result) = self.observed(
            show,
            context,
            |engine, thinking, stop| engine.defend(&board, rule, &limits, stop, thinking),
            |_| None,
        )?;
        let text = match &defence {
            Defence::NoThreat => "DEFEND NONE".to_string(),
            Defence::Threat { defences, .. } if defences.is_empty() => "DEFEND LOST".to_string(),
            Defence::Threat { defences, .. } => {
                let points: Vec<String> = defences.iter().map(|p| p.to_string()).collect();
                format!("DEFEND {}", points.join(" "))
            }
        };
        context.out.send(&Reply::Message(text))?;
        let reply = self.play_answer(&board, result.best_move);
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// `YXBALANCEONE s` / `YXBALANCETWO s`: `MESSAGE BALANCE` with the chosen move(s) and the
    /// evaluation after them, then the move(s) played.
    pub(super) fn balance(
        &mut self,
        two: bool,
        target: i32,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.analysis_board(received, context)? else {
            return Ok(());
        };
        self.own_color = None;
        let budget = self.plan_budget(&board);
        let limits = self.limits(budget, received);
        let show = self.show(true, false);
        let rule = self.rule;
        let goal = BalanceGoal { target, two };
        let balance = self.observed(
            show,
            context,
            |engine, thinking, stop| engine.balance(&board, rule, &limits, goal, stop, thinking),
            |_| None,
        )?;
        if let Some(balance) = &balance {
            let points: Vec<String> = balance.moves.iter().map(|p| p.to_string()).collect();
            context.out.send(&Reply::Message(format!(
                "BALANCE {} eval {}",
                points.join(" "),
                eval_text(balance.score)
            )))?;
        }
        let playable = balance
            .as_ref()
            .map_or(&[][..], |b| b.playable(&board, rule));
        let reply = match playable {
            &[first, second] => {
                let mut after = board.clone();
                after.play_unchecked(first);
                after.play_unchecked(second);
                self.board = Some(after);
                Reply::Moves(vec![first, second])
            }
            moves => self.play_answer(&board, moves.first().copied()),
        };
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// `YXNBEST n`: the engine's ranking of the `n` best moves ([`crate::search::Engine::nbest`]).
    /// Yixin-Board sees them after each reported iteration as `INFO PV …` lines; at the end
    /// every manager gets them as `MESSAGE NBEST` lines, and the best is played.
    pub(super) fn nbest(
        &mut self,
        count: u32,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.clone() else {
            return Self::no_board(context);
        };
        if !rules::has_legal_move(&board, self.rule) {
            let reply = self.answer_without_legal_move(&board);
            context.out.send(&reply)?;
            self.record_time(received);
            return Ok(());
        }
        let budget = self.plan_budget(&board);
        let limits = self.limits(budget, received);
        let show = self.show(true, true);
        let rule = self.rule;
        let NBest { ranked, .. } = self.observed(
            show,
            context,
            |engine, thinking, stop| engine.nbest(&board, rule, &limits, count, stop, thinking),
            |nbest| nbest.result.best_move,
        )?;
        let Some(&(best, _)) = ranked.first() else {
            return context.out.send(&Reply::Error("no legal move".into()));
        };
        let shown = ranked.len();
        for (rank, (point, score)) in ranked.iter().enumerate() {
            context.out.send(&Reply::Message(format!(
                "NBEST {}/{} {} {} eval {}",
                rank + 1,
                shown,
                point,
                point_text(*point, show.yixin_size),
                eval_text(*score)
            )))?;
        }
        let reply = self.play_answer(&board, Some(best));
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// Yixin-Board's swap2 stages on the current position (stage 1: an empty board), answered with the `MESSAGE SWAP2 …`
    /// lines it reads (points as `x y`, which it reads as its row and column): stage 1 on an
    /// empty board puts the opening (`MOVE1`..`MOVE3`); stage 2 on three stones takes black
    /// (`SWAP1 YES`), stays white (`SWAP1 NO`: Yixin then asks for white's move with `BOARD`)
    /// or puts two (`MOVE4`, `MOVE5`); stage 3 on five stones takes black (`SWAP2 YES`) or
    /// stays white (`SWAP2 NO`, and `BOARD` follows).
    pub(super) fn yixin_swap2(
        &mut self,
        step: u8,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(mut board) = self.board.clone() else {
            return Self::no_board(context);
        };
        if step == 1 {
            // Yixin-Board sends stage 1 at a new game without a board: the opening is put on an
            // empty board whatever the last game left.
            match Board::new(board.width(), board.height()) {
                Ok(empty) => board = empty,
                Err(error) => return context.out.send(&Reply::Error(error.to_string())),
            }
        }
        let stones = [0, 3, 5][usize::from(step.clamp(1, 3) - 1)];
        if board.move_count() != stones {
            return context.out.send(&Reply::Error(format!(
                "YXSWAP2STEP{step} needs {stones} stones on the board, it has {}",
                board.move_count()
            )));
        }
        self.own_color = None;
        let budget = self.plan_budget(&board);
        let limits = self.limits(budget, received);
        let (rule, stop) = (self.rule, context.stop);
        let message = |stage: &str, point: Point| {
            Reply::Message(format!("SWAP2 {stage} {} {}", point.x(), point.y()))
        };
        let mut replies = Vec::new();
        if step == 1 {
            let opening = self.engine.swap2_opening(&board, rule, &limits, stop);
            let mut after = board.clone();
            for (index, &point) in opening.iter().enumerate() {
                after.play_unchecked(point);
                replies.push(message(&format!("MOVE{}", index + 1), point));
            }
            self.board = Some(after);
        } else {
            let choice = if step == 2 {
                self.engine.swap2_after_three(&board, rule, &limits, stop)
            } else {
                self.engine.swap2_after_five(&board, rule, &limits, stop)
            };
            let stage = if step == 2 { "SWAP1" } else { "SWAP2" };
            match choice {
                None => replies.push(Reply::Error("no legal move".into())),
                Some(Swap2Choice::TakeBlack) => {
                    replies.push(Reply::Message(format!("SWAP2 {stage} YES")));
                }
                Some(Swap2Choice::PlayWhite(_)) => {
                    replies.push(Reply::Message(format!("SWAP2 {stage} NO")));
                }
                Some(Swap2Choice::PutTwo(fourth, fifth)) if step == 2 => {
                    let mut after = board.clone();
                    after.play_unchecked(fourth);
                    after.play_unchecked(fifth);
                    self.board = Some(after);
                    replies.push(message("MOVE4", fourth));
                    replies.push(message("MOVE5", fifth));
                }
                Some(Swap2Choice::PutTwo(..)) => {
                    replies.push(Reply::Message(format!("SWAP2 {stage} NO")));
                }
            }
        }
        for reply in &replies {
            context.out.send(reply)?;
        }
        self.record_time(received);
        Ok(())
    }

    /// Yixin-Board's Soosõrv-8 stages, answered with the `MESSAGE SOOSORV …` lines it reads
    /// (points as `x y`): 1 (empty board) the opening, `MOVE1`..`MOVE3`; 2 (three stones, we
    /// are white) `SWAP1 YES` to take black or `SWAP1 NO`; 3 (three stones, we are white)
    /// white's fourth move and the number of fifth moves to offer, `MOVE4 x y n`; 4 (four
    /// stones, we are black, `n` given) `SWAP2 YES` to take white or `SWAP2 NO`; 5 (four
    /// stones, we are black) the `n` offers, `MOVE5 REFRESH`, `MOVE5 x y` each, `MOVE5 DONE`;
    /// 6 (four stones and black's offers) the one white keeps, `MOVE5C x y`.
    pub(super) fn yixin_soosorv(
        &mut self,
        step: u8,
        count: Option<u8>,
        moves: &[Coord],
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(current) = self.board.as_ref() else {
            return Self::no_board(context);
        };
        let mut board = match Board::new(current.width(), current.height()) {
            Ok(board) => board,
            Err(error) => return context.out.send(&Reply::Error(error.to_string())),
        };
        let stones = match step {
            1 => 0,
            2 | 3 => 3,
            _ => 4,
        };
        let enough = if step == 6 {
            moves.len() > stones
        } else {
            moves.len() == stones
        };
        if !enough {
            return context.out.send(&Reply::Error(format!(
                "YXSOOSORVSTEP{step} needs {}{stones} moves, got {}",
                if step == 6 { "more than " } else { "" },
                moves.len()
            )));
        }
        let mut offers = Vec::new();
        for (index, &at) in moves.iter().enumerate() {
            let point = match point_on(&board, at) {
                Ok(point) if board.is_empty(point) => point,
                Ok(_) => {
                    return context
                        .out
                        .send(&Reply::Error(format!("{at} is already occupied")))
                }
                Err(message) => return context.out.send(&Reply::Error(message)),
            };
            if index < stones {
                board.play_unchecked(point);
            } else if !offers.contains(&point) {
                offers.push(point);
            }
        }
        self.own_color = None;
        let budget = self.plan_budget(&board);
        let limits = self.limits(budget, received);
        let (rule, stop) = (self.rule, context.stop);
        let count = usize::from(count.unwrap_or(1));
        let message = |text: String| Reply::Message(format!("SOOSORV {text}"));
        let at = |point: Point| format!("{} {}", point.x(), point.y());
        let mut replies = Vec::new();
        match step {
            1 => {
                let opening = self.engine.swap2_opening(&board, rule, &limits, stop);
                for (index, &point) in opening.iter().enumerate() {
                    board.play_unchecked(point);
                    replies.push(message(format!("MOVE{} {}", index + 1, at(point))));
                }
                self.board = Some(board);
            }
            2 => {
                let take = self.engine.soosorv_take_black(&board, rule, &limits, stop);
                replies.push(message(format!(
                    "SWAP1 {}",
                    if take { "YES" } else { "NO" }
                )));
            }
            3 => match self.engine.soosorv_fourth(&board, rule, &limits, stop) {
                Some((fourth, offers)) => {
                    board.play_unchecked(fourth);
                    self.board = Some(board);
                    replies.push(message(format!("MOVE4 {} {offers}", at(fourth))));
                }
                None => replies.push(Reply::Error("no legal move".into())),
            },
            4 => {
                let take = self
                    .engine
                    .soosorv_take_white(&board, rule, &limits, count, stop);
                replies.push(message(format!(
                    "SWAP2 {}",
                    if take { "YES" } else { "NO" }
                )));
            }
            5 => {
                let offers = self
                    .engine
                    .soosorv_offers(&board, rule, &limits, count, stop);
                replies.push(message("MOVE5 REFRESH".into()));
                for point in offers {
                    replies.push(message(format!("MOVE5 {}", at(point))));
                }
                replies.push(message("MOVE5 DONE".into()));
            }
            _ => match self
                .engine
                .soosorv_keep(&board, rule, &limits, &offers, stop)
            {
                Some(kept) => replies.push(message(format!("MOVE5C {}", at(kept)))),
                None => replies.push(Reply::Error("no legal fifth move offered".into())),
            },
        }
        for reply in &replies {
            context.out.send(reply)?;
        }
        self.record_time(received);
        Ok(())
    }
}
