//! Writing one sliding-board answer, whatever the board and however it was
//! found: the count (or `Impossible`), the hints, the number of optimal
//! solutions, the moves, the board after each move, or one JSON object.

use std::io::{self, Write};

use puzzle_oracle::{Board, Direction, Metric, Notation, Puzzle, Slide};

use super::cases::Case;
use super::{OutputArgs, PositionFormat, slash_form};

/// The optimal move sequences of one case, up to `--limit`.
pub struct Listing {
    pub solutions: Vec<Vec<Direction>>,
    /// Whether these are all of them: the limit was not reached.
    pub complete: bool,
}

/// What is known of one case, in the metric `M`.
pub struct Answer<'a, const N: usize, const COLS: usize, M: Metric, S> {
    pub case: &'a Case<N, COLS>,
    /// An optimal move sequence, `None` when the target cannot be reached.
    pub solution: Option<&'a S>,
    /// Every optimal first move, when asked for (`Some(None)` when
    /// unreachable).
    pub hints: Option<Option<M::FirstMoves>>,
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

impl<const N: usize, const COLS: usize, M: Metric, S> Answer<'_, N, COLS, M, S>
where
    Board<N, COLS>: Puzzle,
    S: ExactSizeIterator<Item = M::Move> + Clone,
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
                write!(out, " {}", hint_text::<M>(hints, output.notation()))?;
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
            write!(out, " {}", hint_text::<M>(hints, output.notation()))?;
        }
        if let Some(solutions) = self.solutions.flatten() {
            write!(out, " {solutions}")?;
        }
        if output.moves && solution.len() > 0 {
            let notation = output.notation();
            let moves = M::steps(solution.clone());
            write!(out, " {}", notation.write(moves, compact::<M>(output)))?;
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
            for (step, the_move) in solution.clone().enumerate() {
                let slide: Slide = the_move.into();
                for dir in slide.steps() {
                    // The solution only yields moves that stay on the board.
                    board = board.moved(dir).unwrap_or(board);
                }
                let letter = slide.written(output.notation());
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
                let moves = notation.write(moves.iter().copied(), compact::<M>(output));
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
        let moves: Option<String> = self.solution.cloned().map(|moves| {
            let moves = M::steps(moves);
            notation.write(moves, compact::<M>(output)).to_string()
        });
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
            value["hints"] =
                serde_json::json!(hints.map(|hints| hint_letters::<M>(hints, notation)));
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
                        .write(moves.iter().copied(), compact::<M>(output))
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

/// [`hint_letters`] in a line of text: the target itself, which has no
/// move to hint, gets a dash, so that the columns stay.
fn hint_text<M: Metric>(hints: M::FirstMoves, notation: Notation) -> String {
    match hint_letters::<M>(hints, notation) {
        letters if letters.is_empty() => "-".to_string(),
        letters => letters,
    }
}

/// Whether moves are written with counts: `--compact`, and always in a
/// metric whose moves are slides (`U2` is one move there).
fn compact<M: Metric>(output: &OutputArgs) -> bool {
    output.compact || M::WRITES_COUNTS
}

/// Every optimal first move as `notation` writes it: the letters in the
/// order `U D L R`, each slide of several tiles with its count (`UL2`);
/// nothing on the target itself.
fn hint_letters<M: Metric>(hints: M::FirstMoves, notation: Notation) -> String {
    let mut slides: Vec<Slide> = hints.into_iter().map(Into::into).collect();
    slides.sort_by_key(|slide| ("UDLR".find(notation.letter(slide.dir)), slide.tiles));
    slides
        .iter()
        .map(|slide| slide.written(notation).to_string())
        .collect()
}
