//! The `gap` command: read layouts in the seed format, search each.

use std::io::{self, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use puzzle_oracle::Crew;
use puzzle_oracle::gap::{Card, Layout, LayoutError, ROW_LEN, ROWS, Solver, parse_row};

use super::input::{self, Lines, quoted};
use super::pool::{self, Sink};
use super::progress::Progress;

/// Arguments of `gap`.
#[derive(Debug, Args)]
pub struct GapArgs {
    /// Input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print the cards moved, in order, after the count.
    #[arg(short, long)]
    moves: bool,
    /// Draw the board after every move.
    #[arg(short, long, conflicts_with = "json")]
    show: bool,
    /// Print one JSON object per layout.
    #[arg(long)]
    json: bool,
    /// Layouts solved at once [default: the number of cores]; at most 64
    /// are started, more are taken as 64 with a note. Answers
    /// come out in input order whatever the number.
    #[arg(long, value_name = "N", value_parser = super::options::threads)]
    threads: Option<NonZeroUsize>,
}

/// A solved layout, ready to be written.
struct Answer {
    layout: Layout,
    /// Its number in the input, from 1.
    number: usize,
    solved: Solved,
    /// States the search stored.
    states: usize,
}

pub fn run(args: &GapArgs) -> Result<()> {
    let threads = super::options::thread_count(args.threads);
    let solver = || {
        let mut solver = Solver::new();
        move |(layout, number): (Layout, usize)| {
            let solved = solve(&mut solver, &layout, args);
            Answer {
                layout,
                number,
                solved,
                states: solver.states_seen(),
            }
        }
    };
    let sink = Answers {
        out: io::BufWriter::with_capacity(64 * 1024, io::stdout()),
        interactive: io::stdout().is_terminal(),
        args,
        progress: Progress::new(),
    };
    pool::run(threads, &Crew::new(), solver, sink, |dispatch| {
        let mut layouts = Layouts::new(Lines::new(input::open(args.file.as_deref())?));
        // One layout a batch: a search takes long enough to be worth a
        // thread handoff.
        for read in &mut layouts {
            let (layout, number, _) = read?;
            if !dispatch.send(vec![(layout, number)]) {
                break;
            }
        }
        Ok(())
    })
}

/// Where the answers go: standard output, with `gap: k/n solved` on a
/// terminal while a batch of layouts runs.
struct Answers<'a, W> {
    out: W,
    interactive: bool,
    args: &'a GapArgs,
    progress: Progress,
}

impl<W: Write + Send> Sink<Answer> for Answers<'_, W> {
    fn write(&mut self, answers: &[Answer]) -> Result<()> {
        // Off the terminal before the answer, which may share it.
        self.progress.clear();
        for answer in answers {
            write_answer(&mut self.out, answer, self.args).context("cannot write output")?;
        }
        if self.interactive {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        self.out.flush().context("cannot write output")
    }

    fn progress(&mut self, solved: u64) {
        if solved > 0 {
            self.progress
                .show_below(&mut self.out, format_args!("gap: {solved} solved"));
        }
    }

    fn finish(&mut self) -> Result<()> {
        self.progress.clear();
        self.flush()
    }
}

/// The layouts of the seed format, in order: a count, then that many
/// layouts of 4 rows of 7 cards; blank lines are skipped. Each comes with
/// its number (from 1) and the count; an error is the last item.
struct Layouts<R> {
    lines: Lines<R>,
    count: Option<usize>,
    layouts: usize,
    /// The number of the last line read, for errors at the end.
    last_line: u64,
    done: bool,
}

impl<R: Read> Layouts<R> {
    fn new(lines: Lines<R>) -> Self {
        Layouts {
            lines,
            count: None,
            layouts: 0,
            last_line: 0,
            done: false,
        }
    }

    /// Reads up to the end of the next layout.
    fn next_layout(&mut self) -> Result<Option<(Layout, usize, usize)>> {
        let mut rows = [[0u8; ROW_LEN]; ROWS];
        let mut rows_read = 0;
        let mut row_lines = [0u64; ROWS];
        while let Some((number, line)) = self.lines.next_line()? {
            self.last_line = number;
            if line.trim_ascii().is_empty() {
                continue;
            }
            let Some(count) = self.count else {
                self.count = Some(parse_count(line).map_err(|why| {
                    anyhow!(
                        "line {number}: the count {} {why}",
                        quoted(line.trim_ascii())
                    )
                })?);
                continue;
            };
            if self.layouts == count {
                bail!("line {number}: more layouts than the count ({count})");
            }
            row_lines[rows_read] = number;
            rows[rows_read] = parse_row(line, rows_read + 1)
                .map_err(|error| anyhow!("line {number}: {}", describe_row_error(&error, line)))?;
            rows_read += 1;
            if rows_read == ROWS {
                self.layouts += 1;
                let layouts = self.layouts;
                let layout = Layout::new(rows).map_err(|error| {
                    // A repeated card is named on the line of its second
                    // appearance.
                    let row = match error {
                        LayoutError::Repeated { row, .. } => row,
                        _ => 1,
                    };
                    anyhow!("line {}: layout {layouts}: {error}", row_lines[row - 1])
                })?;
                return Ok(Some((layout, layouts, count)));
            }
        }
        let (count, last_line) = (self.count.unwrap_or(0), self.last_line);
        if rows_read > 0 {
            bail!(
                "line {last_line}: layout {} has {rows_read} rows, expected {ROWS}",
                self.layouts + 1
            );
        }
        if self.layouts < count {
            bail!(
                "line {last_line}: expected {count} layouts, found {}",
                self.layouts
            );
        }
        Ok(None)
    }
}

impl<R: Read> Iterator for Layouts<R> {
    type Item = Result<(Layout, usize, usize)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let read = self.next_layout().transpose();
        self.done = !matches!(read, Some(Ok(_)));
        read
    }
}

/// A count line: one non-negative whole number.
fn parse_count(line: &str) -> Result<usize, &'static str> {
    let text = line.trim_ascii();
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("is not a non-negative number");
    }
    text.parse().map_err(|_| "is too large")
}

/// A row error in words, quoting the offending item.
fn describe_row_error(error: &LayoutError, line: &str) -> String {
    let item = |column: usize| {
        line.split_ascii_whitespace()
            .nth(column - 1)
            .unwrap_or_default()
    };
    match *error {
        LayoutError::NotACard { column, .. } => {
            format!("{} is not a card", quoted(item(column)))
        }
        LayoutError::UnknownCard { column, .. } => {
            format!(
                "{} is not a card (suit 1-4, value 1-7)",
                quoted(item(column))
            )
        }
        LayoutError::RowLength { found, .. } => {
            format!("a row needs {ROW_LEN} cards, found {found}")
        }
        _ => error.to_string(),
    }
}

/// The fewest moves, and the cards moved when the output shows them.
type Solved = (Option<usize>, Option<Vec<Card>>);

fn solve(solver: &mut Solver, layout: &Layout, args: &GapArgs) -> Solved {
    if args.moves || args.show || args.json {
        let cards = solver.solve(layout);
        (cards.as_ref().map(Vec::len), cards)
    } else {
        (solver.min_moves(layout).map(|moves| moves as usize), None)
    }
}

fn write_answer(out: &mut impl Write, answer: &Answer, args: &GapArgs) -> io::Result<()> {
    let (min_moves, cards) = &answer.solved;
    let (min_moves, layout) = (*min_moves, &answer.layout);
    if args.json {
        // The sliding commands' names: `distance`, the fewest moves, and
        // `moves`, what is moved (here the cards, by their codes).
        let cards: Option<Vec<u8>> = cards
            .as_ref()
            .map(|cards| cards.iter().map(|c| c.code()).collect());
        let value = serde_json::json!({
            "layout": answer.number,
            "distance": min_moves,
            "moves": cards,
            "states": answer.states,
        });
        serde_json::to_writer(&mut *out, &value)?;
        return writeln!(out);
    }
    match min_moves {
        None => writeln!(out, "-1")?,
        Some(moves) => {
            write!(out, "{moves}")?;
            if args.moves {
                for card in cards.iter().flatten() {
                    write!(out, " {card}")?;
                }
            }
            writeln!(out)?;
        }
    }
    if args.show {
        let mut position = layout.start();
        writeln!(out, "{position}")?;
        for (step, &card) in cards.iter().flatten().enumerate() {
            // Every card of a solution is a legal move where it stands.
            position = position.play(card).unwrap_or(position);
            writeln!(out, "{}. {card}\n{position}", step + 1)?;
        }
        writeln!(out)?;
    }
    Ok(())
}
