//! The `random` command: boards drawn uniformly at an exact distance from
//! a target, one a line, ready to pipe into `seven` or `eight`.

use std::io::{self, Write};
use std::num::NonZeroU64;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use puzzle_oracle::catalog::{self, Visitor};
use puzzle_oracle::{
    Board, Budget, Direction, Engine, Metric, MetricOracle, Notation, Oracle, Puzzle, SplitMix64,
    find_board,
};

use super::cases::parse_target;
use super::metric::{self, MetricArg};
use super::runner::CacheArgs;
use super::{NotationArg, PositionFormat, board_names, slash_form};

/// Arguments of `random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The board: its shape (`2x3`, `3x3`, `4x4`, ...) or a puzzle's name,
    /// any case. On a searched board (3x4 and up) there is no `--distance`.
    #[arg(value_parser = board_names(), ignore_case = true)]
    board: String,
    /// Draw boards exactly this many moves from the target [default: any
    /// board that can reach it].
    #[arg(short, long, value_name = "D", value_parser = super::options::number::<u8>)]
    distance: Option<u8>,
    /// How moves are counted, for `--distance`, `--as-moves` and the
    /// distance of `--json`: `stm`, a tile a move (the default), or `mtm`,
    /// a slide a move (the boards up to 16 cells; `--distance` the boards
    /// up to 10 cells).
    #[arg(long, value_enum, default_value_t = MetricArg::Stm)]
    metric: MetricArg,
    /// How many boards to draw.
    #[arg(short = 'n', long, value_name = "N", default_value = "1", value_parser = super::options::count)]
    count: NonZeroU64,
    /// Seed of the generator (SplitMix64): the same seed draws the same
    /// boards on every platform [default: from the clock, said on standard
    /// error].
    #[arg(long, value_name = "S", value_parser = super::options::number::<u64>)]
    seed: Option<u64>,
    /// The target, as numbers in row-major order (rows may be separated
    /// by `/`), or `first` (`0 1 2 ...`, the default) or `last`
    /// (`1 2 ... 0`).
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
    /// Print one JSON object per board: `{"board":[...],"distance":D}`.
    #[arg(long)]
    json: bool,
    /// How boards are written: `grid` (numbers on one line; a list in
    /// JSON, the default) or `slash` (rows separated by `/`).
    #[arg(long, value_enum, default_value_t = PositionFormat::Grid)]
    format: PositionFormat,
    /// Print each board as a scramble instead: the moves that make it from
    /// the target (an optimal solution, backwards and undone), as csTimer
    /// and the speedsolving bot give them. On a searched board each costs a
    /// search.
    #[arg(long)]
    as_moves: bool,
    /// How `--as-moves` writes moves: `blank` (the direction the blank
    /// travels, the default) or `tile` (the direction the tile slides).
    #[arg(long, value_enum, default_value_t = NotationArg::Blank)]
    notation: NotationArg,
    /// With `--as-moves`, write each run of one move as the letter and
    /// its length (`R3`).
    #[arg(long, requires = "as_moves")]
    compact: bool,
    #[command(flatten)]
    cache: CacheArgs,
}

pub fn run(args: &RandomArgs) -> Result<()> {
    let spec = catalog::lookup(&args.board)
        .ok_or_else(|| anyhow!("unknown board {}", super::input::quoted(&args.board)))?;
    // Scrambles and JSON solve each board drawn.
    let metric = args.metric.into();
    if args.as_moves || args.json {
        super::tables::prepare(spec.geometry, metric, args.cache.cache_dir.as_deref())?;
    }
    metric::visit_in_metric(spec.geometry, metric, Draw(args))
}

/// Draws and prints the boards of `args` on a board chosen at run time.
struct Draw<'a>(&'a RandomArgs);

impl<M: Metric> Visitor<M> for Draw<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Oracle,
        M: MetricOracle<Board<N, COLS>>,
    {
        let args = self.0;
        let name = Board::<N, COLS>::NAME;
        if M::ENGINE == Engine::Search && args.distance.is_some() {
            // Uniform states only, answered by search.
            bail!(
                "--distance needs a complete table, and the {name} board has none: without it, \
                 every state that reaches the target is equally likely"
            );
        }
        let target = parse_target::<N, COLS>(args.target.as_deref())?.unwrap_or_else(Board::goal);
        let board = find_board(name)?
            .in_metric(M::KIND)
            .unwrap_or_else(|| unreachable!("the visit is of a board that answers in {}", M::NAME));
        let mut drawer = board.drawer(&target.cells(), args.distance)?;
        write_boards(
            args,
            M::WRITES_COUNTS,
            |random| {
                let cells = drawer(&mut || random.next_u64());
                Board::new(cells.try_into().expect("a board of this shape"))
                    .expect("a drawn board is a board")
            },
            |board| {
                let solution = M::solution_within(board, &target, &mut Budget::unlimited());
                let solution = solution.found()?;
                Some((solution.len(), M::steps(solution).collect()))
            },
        )
    }
}

/// Writes `--count` boards from `draw`, as boards or (`--as-moves`) as
/// the scrambles that make them from the target; `solve` gives an optimal
/// solution, its moves and its single-tile steps. With `counts`, the
/// scrambles are written with counts, as the multi-tile metric's are.
fn write_boards<const N: usize, const COLS: usize>(
    args: &RandomArgs,
    counts: bool,
    mut draw: impl FnMut(&mut SplitMix64) -> Board<N, COLS>,
    mut solve: impl FnMut(&Board<N, COLS>) -> Option<(usize, Vec<Direction>)>,
) -> Result<()>
where
    Board<N, COLS>: Puzzle,
{
    let seed = args.seed.unwrap_or_else(|| {
        let seed = clock_seed();
        // So that a draw can be repeated.
        eprintln!("puzzle-oracle: seed {seed} (`--seed {seed}` draws these boards again)");
        seed
    });
    let mut random = SplitMix64::new(seed);
    let notation = Notation::from(args.notation);
    let slash = args.format == PositionFormat::Slash;
    let mut out = io::BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    for _ in 0..args.count.get() {
        let board = draw(&mut random);
        // The scramble: the solution backwards, each move undone.
        let needs_solution = args.as_moves || args.json;
        let solution = needs_solution.then(|| solve(&board)).flatten();
        // Undone, an optimal multi-tile solution still never slides the
        // same way twice in a row: its runs are still its slides.
        let scramble = solution.as_ref().map(|(_, steps)| {
            let undo = steps.iter().rev().map(|dir| dir.opposite());
            notation.write(undo, args.compact || counts).to_string()
        });
        let shown = if slash {
            slash_form(&board)
        } else {
            board.to_string()
        };
        if args.json {
            let position = match slash {
                true => serde_json::json!(shown),
                false => serde_json::json!(&board.cells()[..]),
            };
            let mut value = serde_json::json!({
                "board": position,
                "distance": solution.as_ref().map(|(moves, _)| moves),
            });
            if args.as_moves {
                value["moves"] = serde_json::json!(scramble);
            }
            serde_json::to_writer(&mut out, &value)?;
            writeln!(out)?;
        } else if args.as_moves {
            // No moves (a board at distance 0) is `-`, as `analyse` reads
            // it: an empty line would be skipped there, and the draw lost.
            let scramble = scramble.unwrap_or_default();
            let scramble = if scramble.is_empty() { "-" } else { &scramble };
            writeln!(out, "{scramble}")?;
        } else {
            writeln!(out, "{shown}")?;
        }
    }
    out.flush().context("cannot write output")
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
