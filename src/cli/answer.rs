//! Writing one sliding-board answer, whatever the board and however it was
//! found: the count (or `Impossible`), the hints, the number of optimal
//! solutions, the moves, the board after each move, or one JSON object.

use std::io::{self, Write};

use puzzle_oracle::{Board, Direction, Moves, Notation, Puzzle};

use super::cases::Case;
use super::{OutputArgs, PositionFormat, slash_form};

/// The optimal move sequences of one case, up to `--limit`.
pub struct Listing {
    pub solutions: Vec<Vec<Direction>>,
    /// Whether these are all of them: the limit was not reached.
    pub complete: bool,
}

/// What is known of one case.
pub struct Answer<'a, const N: usize, const COLS: usize, S> {
    pub case: &'a Case<N, COLS>,
    /// An optimal move sequence, `None` when the target cannot be reached.
    pub solution: Option<&'a S>,
    /// Every optimal first move, when asked for (`Some(None)` when
    /// unreachable).
    pub hints: Option<Option<Moves>>,
    /// The number of optimal solutions, when asked for.
    pub solutions: Option<Option<u64>>,
    /// Optimal move sequences, when asked for (`--all-solutions`).
    pub listing: Option<&'a Listing>,
    /// The nodes a search expanded; `None` for a table lookup.
    pub nodes: Option<u64>,
    /// The limit (`--max-nodes 1000000`, `--timeout 2`) a search of the
    /// case stopped at, when one did: what is missing is unknown.
    pub stopped: Option<&'a str>,
    /// When a search stopped before the distance was known: the fewest
    /// moves the answer can have.
    pub at_least: Option<u8>,
}

impl<const N: usize, const COLS: usize, S> Answer<'_, N, COLS, S>
where
    Board<N, COLS>: Puzzle,
    S: ExactSizeIterator<Item = Direction> + Clone,
{
    /// Writes the answer as `output` asks. Inlined always into the answer
    /// loop, where a call measured slower on a million tabled cases (a
    /// reachability test mispredicted twice).
    #[inline(always)]
    pub fn write(&self, out: &mut impl Write, output: &OutputArgs) -> io::Result<()> {
        if output.json {
            return self.write_json(out, output);
        }
        if let Some(limit) = self.stopped {
            return self.write_stopped(out, output, limit);
        }
        let Some(solution) = self.solution else {
            return out.write_all(b"Impossible\n");
        };
        let plain = !output.moves
            && !output.show
            && self.hints.is_none()
            && self.solutions.is_none()
            && self.listing.is_none();
        if plain {
            // The count alone: the common case, kept small in the loop.
            return writeln!(out, "{}", solution.len());
        }
        self.write_more(out, output, solution)
    }

    /// The line of a case whose search stopped at `limit`, and after a
    /// colon what its searches found before it: the distance, then the
    /// hints and the count, when asked for and found.
    #[inline(never)]
    fn write_stopped(
        &self,
        out: &mut impl Write,
        output: &OutputArgs,
        limit: &str,
    ) -> io::Result<()> {
        let nodes = self.nodes.unwrap_or(0);
        write!(out, "Stopped after {nodes} nodes ({limit})")?;
        if let Some(solution) = self.solution {
            write!(out, ": {}", solution.len())?;
            if let Some(hints) = self.hints.flatten() {
                match hints.is_empty() {
                    true => write!(out, " -")?,
                    false => write!(out, " {}", hint_letters(hints, output.notation()))?,
                }
            }
            if let Some(solutions) = self.solutions.flatten() {
                write!(out, " {solutions}")?;
            }
        } else if let Some(at_least) = self.at_least {
            write!(out, ": at least {at_least} moves")?;
        }
        writeln!(out)
    }

    /// [`Answer::write`] with hints, counts, moves or drawings.
    #[inline(never)]
    fn write_more(
        &self,
        out: &mut impl Write,
        output: &OutputArgs,
        solution: &S,
    ) -> io::Result<()> {
        let case = self.case;
        write!(out, "{}", solution.len())?;
        if let Some(hints) = self.hints.flatten() {
            // The target itself has no move to hint: a dash keeps the
            // columns.
            if hints.is_empty() {
                write!(out, " -")?;
            } else {
                write!(out, " {}", hint_letters(hints, output.notation()))?;
            }
        }
        if let Some(solutions) = self.solutions.flatten() {
            write!(out, " {solutions}")?;
        }
        if output.moves && solution.len() > 0 {
            let notation = output.notation();
            write!(out, " {}", notation.write(solution.clone(), output.compact))?;
        }
        writeln!(out)?;
        if output.show {
            let slash = output.format == PositionFormat::Slash;
            let draw = |board: &Board<N, COLS>| match slash {
                true => slash_form(board),
                false => format!("{board:#}"),
            };
            let mut board = case.start;
            writeln!(out, "{}", draw(&board))?;
            for (step, dir) in solution.clone().enumerate() {
                // The solution only yields moves that stay on the board.
                board = board.moved(dir).unwrap_or(board);
                let letter = output.notation().letter(dir);
                let sep = if slash { " " } else { "\n" };
                writeln!(out, "{}. {letter}{sep}{}", step + 1, draw(&board))?;
            }
            writeln!(out)?;
        }
        if let Some(listing) = &self.listing {
            // Indented, so that the answers stay the lines that start
            // with a digit.
            let notation = output.notation();
            for moves in &listing.solutions {
                if moves.is_empty() {
                    // The target itself: no move, a dash as for hints.
                    writeln!(out, "  -")?;
                    continue;
                }
                let moves = notation.write(moves.iter().copied(), output.compact);
                writeln!(out, "  {moves}")?;
            }
            if !listing.complete {
                writeln!(
                    out,
                    "  ... (stopped at --limit {})",
                    listing.solutions.len()
                )?;
            }
        }
        Ok(())
    }

    /// One JSON object, keys in alphabetical order; `hints`,
    /// `optimal_solutions` and `nodes` only when known, `stopped` (the
    /// limit) when a search stopped, with `null` for what it left
    /// unknown and `at_least` when that is the distance.
    fn write_json(&self, out: &mut impl Write, output: &OutputArgs) -> io::Result<()> {
        let notation = output.notation();
        let moves: Option<String> = self
            .solution
            .cloned()
            .map(|moves| notation.write(moves, output.compact).to_string());
        let position = |board: &Board<N, COLS>| match output.format {
            PositionFormat::Grid => serde_json::json!(&board.cells()[..]),
            PositionFormat::Slash => serde_json::json!(slash_form(board)),
        };
        let mut value = serde_json::json!({
            "start": position(&self.case.start),
            "target": position(&self.case.target),
            "distance": self.solution.map(ExactSizeIterator::len),
            "moves": moves,
        });
        if let Some(hints) = self.hints {
            value["hints"] = serde_json::json!(hints.map(|hints| hint_letters(hints, notation)));
        }
        if let Some(solutions) = self.solutions {
            value["optimal_solutions"] = serde_json::json!(solutions);
        }
        if let Some(nodes) = self.nodes {
            value["nodes"] = serde_json::json!(nodes);
        }
        if let Some(limit) = self.stopped {
            value["stopped"] = serde_json::json!(limit);
            if self.solution.is_none()
                && let Some(at_least) = self.at_least
            {
                value["at_least"] = serde_json::json!(at_least);
            }
        }
        if let Some(listing) = &self.listing {
            let solutions: Vec<String> = listing
                .solutions
                .iter()
                .map(|moves| {
                    notation
                        .write(moves.iter().copied(), output.compact)
                        .to_string()
                })
                .collect();
            value["solutions"] = serde_json::json!(solutions);
            value["solutions_complete"] = serde_json::json!(listing.complete);
        }
        serde_json::to_writer(&mut *out, &value)?;
        writeln!(out)
    }
}

/// The letters of `hints` in `notation`, in the order `U D L R`.
fn hint_letters(hints: Moves, notation: Notation) -> String {
    ['U', 'D', 'L', 'R']
        .into_iter()
        .filter(|&letter| {
            notation
                .direction(letter)
                .is_some_and(|dir| hints.contains(dir))
        })
        .collect()
}
