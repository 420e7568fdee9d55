//! Move generation: which points the search tries. At the root, [`root_moves`] (legal,
//! best-ordered) and [`quick_move`] (a legal move without searching); inside the tree,
//! [`generate_moves`] (threat-aware: against a threat to win at once only the defences and our
//! own fours, else the candidate points near stones) and [`quiescence_fours`].

use smallvec::SmallVec;

use crate::board::{Color, Point};
use crate::pattern::{Pattern, PatternBoard, PointSet, Threat};
use crate::rules::{self, Rule};

/// A legal move found without searching: our five, else the block of the opponent's five,
/// else the best-ordered legal candidate, else any legal point, else any empty point. `None`
/// only on a full board.
pub fn quick_move(pos: &PatternBoard, rule: Rule) -> Option<Point> {
    let board = pos.board();
    let us = board.side_to_move();
    let them = us.opponent();
    if let Some(five) = pos.threat_set(us, Threat::Five).first() {
        return Some(five);
    }
    if let Some(block) = pos
        .threat_set(them, Threat::Five)
        .iter()
        .find(|&p| rules::is_legal(board, p, rule))
    {
        return Some(block);
    }
    if let Some(&best) = root_moves(pos, rule).first() {
        return Some(best);
    }
    board
        .empty_points()
        .find(|&p| rules::is_legal(board, p, rule))
        .or_else(|| board.empty_points().next())
}

/// `moves` (root moves, best first) without the `excluded` points. When that leaves none, every
/// legal point not excluded (best-scored first); when every legal point is excluded, `moves`
/// as they were: a move must be played.
pub fn without_excluded(
    pos: &PatternBoard,
    rule: Rule,
    moves: Vec<Point>,
    excluded: &[Point],
) -> Vec<Point> {
    let allowed: Vec<Point> = moves
        .iter()
        .copied()
        .filter(|p| !excluded.contains(p))
        .collect();
    if !allowed.is_empty() {
        return allowed;
    }
    let board = pos.board();
    let scorer = pos.move_scorer();
    let mut others: Vec<(i32, Point)> = board
        .empty_points()
        .filter(|p| !excluded.contains(p) && rules::is_legal(board, *p, rule))
        .map(|p| (scorer.score(p), p))
        .collect();
    if others.is_empty() {
        return moves;
    }
    others.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.index().cmp(&b.1.index())));
    others.into_iter().map(|(_, p)| p).collect()
}

/// The legal root moves worth searching, best-ordered first: a five alone if we have one; the
/// legal blocks of the opponent's fives if it has any (when none is legal we have lost, and
/// every legal candidate is listed); otherwise the threat-aware candidates.
pub fn root_moves(pos: &PatternBoard, rule: Rule) -> Vec<Point> {
    let board = pos.board();
    let us = board.side_to_move();
    let them = us.opponent();
    let legal = |p: Point| rules::is_legal(board, p, rule);
    if let Some(five) = pos.threat_set(us, Threat::Five).first() {
        return vec![five];
    }
    let blocks: Vec<Point> = pos
        .threat_set(them, Threat::Five)
        .iter()
        .filter(|&p| legal(p))
        .collect();
    if !blocks.is_empty() {
        return blocks;
    }
    let mut points = PointList::new();
    generate_moves(pos, rule, has_forcing_threat(pos, them, rule), &mut points);
    let mut candidates: Vec<Point> = points.into_iter().filter(|&p| legal(p)).collect();
    if candidates.is_empty() {
        // Lost whatever we play (no defence meets every threat): every legal point, still
        // ordered by what it does, so the move played blocks a threat and the game goes on as
        // long as it can, rather than the first empty point in a corner.
        candidates = board.empty_points().filter(|&p| legal(p)).collect();
    }
    let scorer = pos.move_scorer();
    let mut scored: Vec<(i32, Point)> = candidates
        .into_iter()
        .map(|p| (scorer.score(p), p))
        .collect();
    // Highest score first; ties by point index, so the order is deterministic.
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, p)| p).collect()
}

/// Whether `a` and `b` share a line and are at most four cells apart along it.
#[inline]
fn aligned(a: Point, b: Point) -> bool {
    let dx = (a.x() as i32 - b.x() as i32).abs();
    let dy = (a.y() as i32 - b.y() as i32).abs();
    (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4
}

/// The fours the quiescence search tries for the side to move, `qply` plies into it (the
/// forced blocks count as plies): each after the first in line with the side's previous four
/// ([`aligned`]: a four elsewhere could have been played first, so the sequences it starts
/// are found there). Holding the first four near the side's own last move as well (as Rapfi
/// does) cut the nodes of four-rich positions by a third and scored level in matches: not
/// kept (`docs/strength.md`).
pub fn quiescence_fours(pos: &PatternBoard, qply: i32) -> SmallVec<[Point; 16]> {
    let us = pos.side_to_move();
    let history = pos.board().history();
    let own_last = history.len().checked_sub(2).map(|index| history[index]);
    let mut fours = SmallVec::new();
    for threat in [
        Threat::OpenFour,
        Threat::FourOpenThree,
        Threat::FourPlus,
        Threat::Four,
    ] {
        for point in pos.threat_set(us, threat).iter() {
            let allowed = match own_last {
                Some(last) if qply >= 2 => aligned(last, point),
                _ => true,
            };
            if allowed {
                fours.push(point);
            }
        }
    }
    fours
}

pub use crate::pattern::PointList;

/// The moves worth trying for the side to move (legality under renju not yet checked): when
/// the opponent threatens to win at once (an open three or a four-three point, see
/// [`has_forcing_threat`]), only the points that may spoil every one of those threats and our
/// own fours; otherwise the empty points near stones (the centre on an empty board).
/// `threatened` is [`has_forcing_threat`] of the opponent, which every caller has at hand
/// already.
pub fn generate_moves(pos: &PatternBoard, rule: Rule, threatened: bool, points: &mut PointList) {
    let us = pos.side_to_move();
    let them = us.opponent();
    if threatened {
        let mut set = defence_points(pos, them, rule);
        for threat in [
            Threat::Four,
            Threat::FourPlus,
            Threat::FourOpenThree,
            Threat::OpenFour,
        ] {
            set.union_with(pos.threat_set(us, threat));
        }
        points.extend(set.iter());
    } else {
        points.extend(pos.candidates().iter());
        if points.is_empty() {
            // An empty board (or only blocked points): the empty point nearest the centre.
            let board = pos.board();
            let (cx, cy) = (board.width() as i64 / 2, board.height() as i64 / 2);
            if let Some(point) = board.empty_points().min_by_key(|p| {
                let (dx, dy) = ((p.x() as i64 - cx).abs(), (p.y() as i64 - cy).abs());
                dx.max(dy) * 64 + dx + dy
            }) {
                points.push(point);
            }
        }
    }
}

/// Whether `point` is a threat of `color` that must be answered now: an open four to make (an
/// open three on the board, or two fours at once) or a four-three, playable for `color`.
/// A four-three counts only when its four's forced block does not make a four of the
/// opponent's own ([`block_makes_a_four`]). Under renju a black four-three counts only when
/// its three is real ([`rules::black_four_three_is_real`]), and a black point counts only when
/// it is not forbidden: answering a shape that is no threat with its "defences" alone would
/// leave out the moves that matter and could prove a false win.
fn is_forcing_threat(pos: &PatternBoard, point: Point, color: Color, rule: Rule) -> bool {
    let threat = pos.threat(point, color);
    if threat < Threat::FourOpenThree || threat > Threat::OpenFour {
        return false;
    }
    if threat == Threat::FourOpenThree && block_makes_a_four(pos, point, color) {
        return false;
    }
    if rule != Rule::Renju || color != Color::Black {
        return true;
    }
    rules::forbidden_kind(pos.board(), point).is_none()
        && (threat == Threat::OpenFour || rules::black_four_three_is_real(pos.board(), point))
}

/// Whether the forced block of the four that `attacker` makes at `point` (a four-three point)
/// may make a four of the defender's own: then the four-three is no threat to answer now.
/// The defender blocks with a four, the attacker must block that, and the defender is to move
/// again with only the three left to stop; any move of its own may come first (in
/// `f13 g12 . i10 j9` white's block g12 of black's four g8 g9 g10 g11 makes a four, and white's
/// h5, which no defence set holds, was the move that won). Checked on the points of the four's
/// line where the attacker makes a four now (the block after `point` is one of them), so it may
/// say yes for a point that is not the block: a threat left unnarrowed costs nodes, never a
/// proof.
fn block_makes_a_four(pos: &PatternBoard, point: Point, attacker: Color) -> bool {
    let board = pos.board();
    let defender = attacker.opponent();
    let info = pos.point(point);
    (0..4)
        .filter(|&direction| info.line(attacker, direction) >= Pattern::Four)
        .any(|direction| {
            (1..=4)
                .flat_map(|step| [-step, step])
                .filter_map(|offset| point.offset(direction, offset, board.width(), board.height()))
                .any(|q| {
                    board.is_empty(q)
                        && pos.point(q).line(attacker, direction) >= Pattern::Four
                        && pos.threat(q, defender).is_four()
                })
        })
}

/// The points where `color` has a threat that must be answered now ([`is_forcing_threat`]).
fn forcing_threats(
    pos: &PatternBoard,
    color: Color,
    rule: Rule,
) -> impl Iterator<Item = Point> + '_ {
    [Threat::OpenFour, Threat::FourOpenThree]
        .into_iter()
        .flat_map(move |threat| pos.threat_set(color, threat).iter())
        .filter(move |&point| is_forcing_threat(pos, point, color, rule))
}

/// Whether `color` threatens a win that must be answered now: an open four to make (an open
/// three on the board) or a real four-three ([`is_forcing_threat`]). A double open three is
/// not counted: the defender may answer it with a four or a three of its own, and forcing a
/// defence against it did not win its matches (`docs/strength.md`).
#[inline]
pub fn has_forcing_threat(pos: &PatternBoard, color: Color, rule: Rule) -> bool {
    if pos.threat_count(color, Threat::OpenFour) == 0
        && pos.threat_count(color, Threat::FourOpenThree) == 0
    {
        return false;
    }
    forcing_threats(pos, color, rule).next().is_some()
}

/// Points that may spoil the forcing threats of `attacker` ([`forcing_threats`]); the
/// defender's own fours are offered besides. For each threat point, the point itself and,
/// along every line that makes it (a three or better there), the empty points within reach
/// where the attacker would make a three or better too: taking one of them breaks that line;
/// against a four-three, also the points that make the four's forced block a four of the
/// defender's own ([`counter_four_points`]).
///
/// An open four to make (an open three, or two fours) wins unless one of these points is
/// taken, so when there are such threats the result is the intersection of their sets: a move
/// that leaves one standing loses to it (an open three's ends share their line's points; two
/// open threes on different lines leave only the points that touch both). A four-three can be
/// no threat at all (its four's forced block may make a four of the defender's own), so
/// four-three sets are joined, not intersected, and only when there is no open-four threat.
fn defence_points(pos: &PatternBoard, attacker: Color, rule: Rule) -> PointSet {
    let reach = if rule.is_caro() { 5 } else { 4 };
    let mut open_fours: Option<PointSet> = None;
    let mut four_threes = PointSet::new();
    for point in forcing_threats(pos, attacker, rule) {
        let mut set = PointSet::new();
        set.insert(point);
        let info = pos.point(point);
        let four_three = info.threat(attacker) == Threat::FourOpenThree;
        for direction in 0..4 {
            let line = info.line(attacker, direction);
            if line < Pattern::Three {
                continue;
            }
            for q in three_points_along(pos, point, direction, attacker, reach, true) {
                set.insert(q);
                if four_three
                    && line >= Pattern::Four
                    && pos.point(q).line(attacker, direction) >= Pattern::Four
                {
                    counter_four_points(pos, q, attacker.opponent(), reach, &mut set);
                }
            }
        }
        if four_three {
            four_threes.union_with(&set);
        } else {
            match &mut open_fours {
                Some(all) => all.intersect_with(&set),
                None => open_fours = Some(set),
            }
        }
    }
    open_fours.unwrap_or(four_threes)
}

/// The empty points within `reach` of `from` along `direction` where `color` would make a
/// three or better on that line; with `forbidden`, also those where black's stone is
/// forbidden by this line under renju (two fours or an overline on it). Such a point is no
/// move for black, but it may be the five point of the four black's threat makes (in
/// `d . f g h . j`, h is forbidden while e is empty, and after e it makes five): so it
/// defends, and may be the only defence.
fn three_points_along(
    pos: &PatternBoard,
    from: Point,
    direction: usize,
    color: Color,
    reach: i32,
    forbidden: bool,
) -> impl Iterator<Item = Point> + '_ {
    let board = pos.board();
    (1..=reach)
        .flat_map(move |step| [-step, step])
        .filter_map(move |offset| from.offset(direction, offset, board.width(), board.height()))
        .filter(move |&q| {
            let line = pos.point(q).line(color, direction);
            board.is_empty(q)
                && (line >= Pattern::Three || (forbidden && line == Pattern::Forbidden))
        })
}

/// Points where `defender` prepares a four through `block`, a point where the attacker's
/// coming four will have to be blocked. Against a four-three the defender may play so that the
/// forced block makes a four of its own (often an open one), and the attacker loses the tempo
/// its three needed:
///
/// ```text
///   row 8:     . b p X X X O      p: the attacker's four-three point, b: the forced block
///   diagonal:  b q O O .          q: the defender's answer; after it, b makes O O O O
/// ```
///
/// Taken: the empty points on a line through `block` where the defender makes a three or
/// better, when `block` would make one on that line too (the two then share the defender's
/// stones there, so that after the first the second makes a four).
fn counter_four_points(
    pos: &PatternBoard,
    block: Point,
    defender: Color,
    reach: i32,
    set: &mut PointSet,
) {
    let block_info = pos.point(block);
    for direction in 0..4 {
        if block_info.line(defender, direction) >= Pattern::Three {
            for q in three_points_along(pos, block, direction, defender, reach, false) {
                set.insert(q);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::notation::{parse_point, point_name};

    fn point(name: &str) -> Point {
        parse_point(name, 15, 15).unwrap()
    }

    fn names(points: &[Point]) -> Vec<String> {
        let mut names: Vec<String> = points.iter().map(|&p| point_name(p)).collect();
        names.sort();
        names
    }

    /// The 15x15 board after `moves` (black first).
    fn board_after(moves: &str) -> Board {
        let mut board = Board::square(15).unwrap();
        crate::notation::play_moves(&mut board, moves).unwrap();
        board
    }

    /// The moves [`generate_moves`] offers, named and sorted.
    fn generated(pos: &PatternBoard, rule: Rule, threatened: bool) -> Vec<String> {
        let mut moves = PointList::new();
        generate_moves(pos, rule, threatened, &mut moves);
        names(&moves)
    }

    #[test]
    fn the_quiescence_fours_after_the_first_lie_in_line_with_the_previous_one() {
        // Black has two open threes: c3 d3 e3 far away, k11 l11 m11 just made (m11 last);
        // white's stones sit on the edges. Black to move.
        let board = board_after("c3o1d3o3e3o5k11a15l11a13m11a11");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        let all = ["a3", "b3", "f3", "g3", "i11", "j11", "n11", "o11"];
        for name in all {
            assert!(pos.threat(point(name), Color::Black).is_four(), "{name}");
        }
        // The first four: any.
        assert_eq!(names(&quiescence_fours(&pos, 0)), all);
        // Later fours: in line with the previous own four.
        let near_m11 = ["i11", "j11", "n11", "o11"];
        assert_eq!(names(&quiescence_fours(&pos, 2)), near_m11);
    }

    #[test]
    fn an_open_three_is_answered_at_its_ends_only() {
        // Black's open three d8 e8 f8, white (to move) has two lone stones in the corners.
        // b8 or h8 would still let black make an open four at the other end: only c8 and g8
        // stop both open-four points.
        let board = board_after("d8a1e8o1f8");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        let set = defence_points(&pos, Color::Black, Rule::Freestyle);
        assert_eq!(names(&set.iter().collect::<Vec<_>>()), ["c8", "g8"]);
        assert_eq!(generated(&pos, Rule::Freestyle, true), ["c8", "g8"]);
    }

    #[test]
    fn a_threes_five_point_that_is_forbidden_for_black_now_is_a_defence() {
        // Renju, white to move (a Tengen-Rapfi game at ply 50). Black's row 9 reads
        // d9 . f9 g9 h9 . j9 with h9 empty: e9 makes an open four (fives at c9 and h9), and h9
        // is forbidden for black now (two fours on the row). White's only move that holds is
        // h9 (c9 and e9 lose in five); leaving it out of the defences made the search claim a
        // win for black that was none.
        let board = board_after(
            "h13f15g13g15f13e13g14f14i15d12c11e12e11f12c12g11h10h11h12d11d10j13g10f8k11k9l12\
             i10j9j11e10f10f11g12k12j12j14k13f7i8g8k6d9c10g6e7g9g7f9",
        );
        let pos = PatternBoard::new(&board, Rule::Renju);
        assert!(rules::forbidden_kind(&board, point("h9")).is_some());
        let moves = generated(&pos, Rule::Renju, true);
        for name in ["c9", "e9", "h9"] {
            assert!(moves.contains(&name.to_string()), "{name} in {moves:?}");
        }
    }

    #[test]
    fn a_lost_root_still_lists_the_blocks_first() {
        // Black's open threes d8 e8 f8 and k3 k4 k5 share no defence and white (to move) has
        // no four: every move loses. The root moves are still ordered by what a point does,
        // so the first is an end of one of the threes, not the corner a1.
        let board = board_after("d8a15e8o1f8o15k3a14k4o2k5");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        assert!(defence_points(&pos, Color::Black, Rule::Freestyle).is_empty());
        let moves = root_moves(&pos, Rule::Freestyle);
        let blocks = ["c8", "g8", "k2", "k6"];
        assert!(
            blocks.contains(&point_name(moves[0]).as_str()),
            "first root move {}",
            point_name(moves[0])
        );
    }

    #[test]
    fn two_open_threes_on_separate_lines_leave_only_the_defender_fours() {
        // Black's open threes d8 e8 f8 and k3 k4 k5 share no defence; white (to move) has a
        // closed three b12 c12 d12 (a12 black): its fours at e12 and f12 are all it may try.
        let board = board_after("d8b12e8c12f8d12k3o1k4o15k5o8a12");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        assert!(defence_points(&pos, Color::Black, Rule::Freestyle).is_empty());
        assert_eq!(generated(&pos, Rule::Freestyle, true), ["e12", "f12"]);
    }

    #[test]
    fn a_four_three_whose_block_makes_a_defender_four_does_not_narrow_an_open_threes_defences() {
        // Freestyle, white to move. Black threatens an open four at j13 (g10 h11 i12) and a
        // four-three at h10 (h8 h9 . h11, blocked by white h7) whose forced block h12 makes
        // white's e9 f10 g11 h12 a four: the four-three is no threat, and j13 (or f9, k14)
        // holds. Intersecting the two threats' defences left white only its fours, a false
        // loss.
        let board = board_after("h8h7i7j6g8i8g9f10h9g6j9i9g10g11i10j11h11g12f8e9d8e8i12");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        assert_eq!(
            pos.threat(point("h10"), Color::Black),
            Threat::FourOpenThree
        );
        assert_eq!(pos.threat(point("j13"), Color::Black), Threat::OpenFour);
        let moves = generated(&pos, Rule::Freestyle, true);
        for name in ["f9", "j13", "k14"] {
            assert!(moves.contains(&name.to_string()), "{name} in {moves:?}");
        }
    }

    #[test]
    fn a_four_three_whose_block_makes_a_defender_four_is_not_forcing() {
        // Freestyle, black to move (a Tengen-Rapfi game at ply 46). White's d3 makes the four
        // d3 e3 f3 g3 (block c3) and the open three c4 d3 e2; black's block c3 makes the four
        // c3 d4 e5 f6 (five at b2), so black gets the tempo back and need not answer d3 now.
        // Narrowing black's moves to d3's defences left out i2, Rapfi's move (black ahead
        // after it), and the search saw black lose.
        let board = board_after("b7d9f6d5c5d10a9f5e7d6d8c9e9c7e8e6c8f8d4g4h3g5e5g7g6c4b8a8f7e3j6h6i7i4h4f3h5g2e4e2d2b3a2g3g1h2");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        assert_eq!(pos.threat(point("d3"), Color::White), Threat::FourOpenThree);
        assert!(pos.threat(point("c3"), Color::Black).is_four());
        assert!(!has_forcing_threat(&pos, Color::White, Rule::Freestyle));
        assert!(generated(&pos, Rule::Freestyle, false).contains(&"i2".to_string()));
    }

    #[test]
    fn a_renju_four_three_whose_block_makes_a_white_four_is_not_forcing() {
        // Renju, white to move (a line of a Tengen-Rapfi game, hard long-win suite line 158).
        // Black's c8 makes the four b7 c8 . e10 f11 (block d9) and the real three c5 . c7 c8;
        // white's block d9 makes the four b11 c10 d9 . f7. White's n9 (its win: n9 n6 l7 l6
        // k6 j5 o10) defends nothing of c8's and was left out.
        let board = board_after(
            "g6h7h10g11d11i8g8h6d7f7i7g10h9i11f9g9e10c12f11g12g13e9f13f12e12c10c11e13h12h11\
             j11i10i12k10j9d8j12j10k11l10m10k12j13h13c7f6e7f5f4e5h14j14i5l8c5b11b7a7j15f15\
             k9l9l11m8l13d14c15n7o6k8j8n8o8",
        );
        let pos = PatternBoard::new(&board, Rule::Renju);
        assert_eq!(pos.threat(point("c8"), Color::Black), Threat::FourOpenThree);
        assert!(rules::forbidden_kind(&board, point("c8")).is_none());
        assert!(rules::black_four_three_is_real(&board, point("c8")));
        assert!(pos.threat(point("d9"), Color::White).is_four());
        assert!(!has_forcing_threat(&pos, Color::Black, Rule::Renju));
        assert!(generated(&pos, Rule::Renju, false).contains(&"n9".to_string()));
    }

    #[test]
    fn a_quiet_move_is_searched_against_a_four_three_whose_block_makes_a_four() {
        // Freestyle, white to move (a line of a Tengen-Rapfi game). Black's g9 makes the four
        // g8 g9 g10 g11 (block g12) and the three e7 . g9 h10; white's block g12 makes the
        // four f13 g12 . i10 j9. White's winning move h5 (an open three h5 . h7 h8; Rapfi: white
        // mates) defends nothing of g9's and was left out.
        let board = board_after("i8l12g8f12f9f13l11i9n12h7g10h8h10f11f10i10g11g7f6f7e7j7i7j9j10");
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        assert_eq!(pos.threat(point("g9"), Color::Black), Threat::FourOpenThree);
        assert!(pos.threat(point("g12"), Color::White).is_four());
        let threatened = has_forcing_threat(&pos, Color::Black, Rule::Freestyle);
        assert!(generated(&pos, Rule::Freestyle, threatened).contains(&"h5".to_string()));
    }
}
