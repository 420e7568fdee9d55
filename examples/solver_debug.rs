use std::sync::atomic::AtomicBool;
use tengen::board::{Board, Color, Point};
use tengen::rules::Rule;
use tengen::search::solver::{find_vcf, find_vct, SolveLimits};

fn parse_point(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    Some(Point::new(x.parse().ok()?, y.parse().ok()?))
}

fn main() {
    let want = std::env::args().nth(1).unwrap();
    let text = include_str!("../tests/data/renju-puzzles.txt");
    let stop = AtomicBool::new(false);
    for block in text.split("\n\n") {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
                .unwrap_or("")
        };
        if field("id") != want {
            continue;
        }
        let mut board = Board::square(15).unwrap();
        for (key, color) in [("black", Color::Black), ("white", Color::White)] {
            for p in field(key).split_whitespace().filter_map(parse_point) {
                board.try_put(p, color).unwrap();
            }
        }
        board.set_side_to_move(if field("to-move") == "white" {
            Color::White
        } else {
            Color::Black
        });
        let limit: u32 = field("limit").parse().unwrap();
        let line: Vec<Point> = field("line")
            .split_whitespace()
            .filter_map(parse_point)
            .collect();
        println!("{}", board.to_ascii());
        // defender replies after prefix K + attacker move
        let k: usize = std::env::args()
            .nth(2)
            .map(|s| s.parse().unwrap())
            .unwrap_or(usize::MAX);
        if k != usize::MAX {
            if let Some(extra) = std::env::args().nth(3) {
                // play prefix k+1 then extra moves, print vct result with big limits
                if std::env::args().nth(4).is_some() {
                    let mut b = board.clone();
                    for &p in &line[..=k] {
                        b.play_unchecked(p);
                    }
                    for p in extra.split_whitespace().filter_map(parse_point) {
                        b.play_unchecked(p);
                    }
                    let me = b.side_to_move();
                    let empties: Vec<Point> = b.empty_points().collect();
                    for &m in &empties {
                        if !tengen::rules::is_legal(&b, m, Rule::Renju) {
                            continue;
                        }
                        b.play_unchecked(m);
                        b.set_side_to_move(me);
                        let lim = SolveLimits {
                            max_nodes: 2_000_000,
                            max_attacker_moves: 15,
                        };
                        let threat = find_vcf(&b, Rule::Renju, &lim, &stop);
                        b.set_side_to_move(me.opponent());
                        if let tengen::search::solver::SolveOutcome::Win(tl) = threat {
                            let mut refuted = None;
                            for &r in &empties {
                                if r == m || !tengen::rules::is_legal(&b, r, Rule::Renju) {
                                    continue;
                                }
                                b.play_unchecked(r);
                                let res = find_vct(
                                    &b,
                                    Rule::Renju,
                                    &SolveLimits {
                                        max_nodes: 300_000,
                                        max_attacker_moves: 10,
                                    },
                                    &stop,
                                );
                                b.undo();
                                if !matches!(res, tengen::search::solver::SolveOutcome::Win(_)) {
                                    refuted = Some((r, res));
                                    break;
                                }
                            }
                            println!(
                                "threat {m} (vcf len {}): refuted by {:?}",
                                tl.len(),
                                refuted
                            );
                        }
                        b.undo();
                    }
                    return;
                }
                let mut b = board.clone();
                for &p in &line[..=k] {
                    b.play_unchecked(p);
                }
                for p in extra.split_whitespace().filter_map(parse_point) {
                    b.play_unchecked(p);
                }
                println!("{}", b.to_ascii());
                for lim_moves in [5u32, 8, 11, 15, 20] {
                    let lim = SolveLimits {
                        max_nodes: 20_000_000,
                        max_attacker_moves: lim_moves,
                    };
                    let t = std::time::Instant::now();
                    let res = find_vct(&b, Rule::Renju, &lim, &stop);
                    println!("limit {lim_moves}: {res:?} {:?}", t.elapsed());
                }
                return;
            }
            let mut b = board.clone();
            for &p in &line[..=k] {
                b.play_unchecked(p);
            }
            println!("{}", b.to_ascii());
            let lim = SolveLimits {
                max_nodes: 5_000_000,
                max_attacker_moves: limit - (k as u32) / 2 - 1,
            };
            let empties: Vec<Point> = b.empty_points().collect();
            for r in empties {
                if tengen::rules::is_legal(&b, r, Rule::Renju) {
                    b.play_unchecked(r);
                    let res = find_vct(&b, Rule::Renju, &lim, &stop);
                    if !matches!(res, tengen::search::solver::SolveOutcome::Win(_)) {
                        println!("reply {r}: {res:?}");
                    }
                    b.undo();
                }
            }
            return;
        }
        // walk: for each even prefix k (attacker to move), ask vct with limit - k/2
        for k in (0..line.len()).step_by(2).rev() {
            let mut b = board.clone();
            for &p in &line[..k] {
                b.play_unchecked(p);
            }
            let lim = SolveLimits {
                max_nodes: 5_000_000,
                max_attacker_moves: limit - (k as u32) / 2,
            };
            let r = find_vct(&b, Rule::Renju, &lim, &stop);
            let f = find_vcf(&b, Rule::Renju, &lim, &stop);
            println!(
                "prefix {k} next {} limit {}: vct {:?} vcf {:?}",
                line[k], lim.max_attacker_moves, r, f
            );
        }
    }
}
