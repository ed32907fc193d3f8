// The page: a board to play, and beside it the oracle's answers for it,
// computed by the crate's WebAssembly in a worker (worker.js).

// Which module answers each board, and which boards answer from complete
// tables: read at start from pkg/boards.json, which build.sh writes by
// asking the modules themselves (smallest first, wide before tall).
const MODULE_OF = {};
const TABLED_SHAPES = new Set();
// The board a list of numbers means when no shape is given: the first
// (the wide one) of that many cells.
const SHAPE_OF_CELLS = {};
const DEFAULT_SHAPE = "4x4";

async function loadBoards() {
  const response = await fetch("pkg/boards.json");
  if (!response.ok) throw new Error(`the page's list of boards is missing (${response.status})`);
  for (const { shape, module, engine } of await response.json()) {
    MODULE_OF[shape] = module;
    if (engine === "tables") TABLED_SHAPES.add(shape);
    const cells = shape.split("x").map(Number).reduce((a, b) => a * b);
    SHAPE_OF_CELLS[cells] ??= shape;
  }
}
// A move is named by the blank's direction; each arrow key moves the
// tile, so the blank goes the other way.
const KEY_MOVES = { ArrowUp: "D", ArrowDown: "U", ArrowLeft: "R", ArrowRight: "L" };
const ANIMATION_STEP_MS = 180;

class Stopped extends Error {}

// The worker and the compiled modules. A request that is still running
// when another comes is stopped by ending the worker: the compiled module
// is kept, so a new worker is ready in milliseconds.
class Oracle {
  constructor() {
    this.compiled = new Map();
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
  }

  module(name) {
    if (!this.compiled.has(name)) {
      this.compiled.set(name, WebAssembly.compileStreaming(fetch(`pkg/${name}_bg.wasm`)));
    }
    return this.compiled.get(name);
  }

  get busy() {
    return this.pending.size > 0;
  }

  async ask(request, onMessage = () => {}) {
    const compiled = await this.module(request.module);
    if (!this.worker) {
      this.worker = new Worker("worker.js", { type: "module" });
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => this.fail(new Error(event.message || "the worker failed"));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { onMessage, resolve, reject });
      this.worker.postMessage({ ...request, id, compiled });
    });
  }

  receive(message) {
    const request = this.pending.get(message.id);
    if (!request) return;
    if (message.type === "done") {
      this.pending.delete(message.id);
      request.resolve();
    } else if (message.type === "error") {
      this.pending.delete(message.id);
      request.reject(new Error(message.message));
    } else {
      request.onMessage(message);
    }
  }

  // The first message of type `type` a request gets.
  async first(request, type) {
    let found;
    await this.ask(request, (message) => {
      if (message.type === type) found = message;
    });
    return found;
  }

  fail(error) {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
  }

  stop() {
    if (this.busy) this.fail(new Stopped("stopped"));
  }
}

const oracle = new Oracle();
const $ = (id) => document.getElementById(id);

const state = {
  shape: DEFAULT_SHAPE,
  cells: [],
  target: [],
  goal: "first",
  notation: "blank",
  compact: false,
  metric: "stm", // "mtm": a slide of any number of tiles is one move (tabled boards)
  made: 0,
  solution: null, // the blank's letters of one optimal solution, a tile a letter
  hints: null, // the blank's letters of every optimal first move (slides with counts: `U2`)
  animation: 0, // bumped to cancel a running animation
};

const dims = (shape) => shape.split("x").map(Number);
const moduleOf = (shape) => MODULE_OF[shape];
const isTabled = (shape) => TABLED_SHAPES.has(shape);
// The metric the board answers in: slides only where a table holds them.
const metricOf = (shape) => (isTabled(shape) ? state.metric : "stm");
const slides = () => metricOf(state.shape) === "mtm";

// Each slide of `text` (the blank's letters, each with its count): a
// letter and how many tiles.
const slidesOf = (text) => [...text.matchAll(/([UDLR])(\d*)/g)]
  .map(([, letter, count]) => [letter, count === "" ? 1 : Number(count)]);

// The runs of one letter of a solution: its slides, in the multi-tile
// metric.
const runsOf = (moves) => (moves.match(/U+|D+|L+|R+/g) ?? []).map((run) => [run[0], run.length]);

// The cell `tiles` cells from `cell` in direction `letter`, or null.
function along(cell, letter, tiles) {
  let at = cell;
  for (let step = 0; step < tiles && at !== null; step++) at = neighbour(at, letter);
  return at;
}

function neighbour(cell, letter) {
  const [rows, cols] = dims(state.shape);
  const row = Math.floor(cell / cols);
  const col = cell % cols;
  switch (letter) {
    case "U": return row > 0 ? cell - cols : null;
    case "D": return row < rows - 1 ? cell + cols : null;
    case "L": return col > 0 ? cell - 1 : null;
    case "R": return col < cols - 1 ? cell + 1 : null;
    default: return null;
  }
}

function slashForm(cells, shape) {
  const cols = dims(shape)[1];
  const rows = [];
  for (let start = 0; start < cells.length; start += cols) {
    rows.push(cells.slice(start, start + cols).join(" "));
  }
  return rows.join("/");
}

// The shape a pasted position has: rows separated by `/` or by lines give
// it; a plain list is the current board when the count fits, else the
// wide board of that many cells.
function shapeOf(text) {
  const rows = text.includes("/")
    ? text.split("/")
    : text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const bad = text.split(/[\s/]+/).find((token) => token !== "" && !/^\d+$/.test(token));
  if (bad !== undefined) throw new Error(`\`${bad}\` is not a number`);
  const counts = rows.map((row) => row.trim().split(/\s+/).filter(Boolean).length);
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (rows.length > 1) {
    const shape = `${rows.length}x${counts[0]}`;
    if (MODULE_OF[shape]) return shape;
    throw new Error(`a board of ${rows.length} rows of ${counts[0]} is not one this page answers`);
  }
  if (dims(state.shape).reduce((a, b) => a * b) === total) return state.shape;
  const shape = SHAPE_OF_CELLS[total];
  if (!shape) throw new Error(`${total} numbers: no board here has that many cells`);
  return shape;
}

function say(text) {
  $("message").textContent = text;
}

function render() {
  const board = $("board");
  const [, cols] = dims(state.shape);
  board.style.setProperty("--cols", cols);
  const blank = state.cells.indexOf(0);
  const good = new Set(slidesOf(state.hints ?? "").map(([letter, tiles]) => along(blank, letter, tiles)));
  board.replaceChildren(...state.cells.map((tile, cell) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = tile === 0 ? "tile gap" : "tile";
    if (good.has(cell) && tile !== 0) button.classList.add("good");
    button.textContent = tile === 0 ? "" : String(tile);
    button.dataset.cell = cell;
    button.setAttribute("aria-label", tile === 0 ? "gap" : `tile ${tile}`);
    return button;
  }));
  $("made").textContent = String(state.made);
  $("scramble-distance").disabled = !isTabled(state.shape);
  $("metric").disabled = !isTabled(state.shape);
}

function rememberInUrl() {
  const params = new URLSearchParams();
  params.set("board", slashForm(state.cells, state.shape));
  params.set("size", state.shape);
  params.set("goal", state.goal);
  params.set("notation", state.notation);
  if (state.compact) params.set("compact", "1");
  if (state.metric !== "stm") params.set("metric", state.metric);
  history.replaceState(null, "", `?${params}`);
}

// `data-status` on the body tells a test (or a script) where the page is;
// `data-answered` counts the positions answered in full, `data-answer-ms`
// how long the last took, from the question to everything shown.
let asked = 0;
function setStatus(status) {
  document.body.dataset.status = status;
  if (status === "searching") asked = performance.now();
  if (status === "ready") {
    document.body.dataset.answered = String(Number(document.body.dataset.answered ?? 0) + 1);
    document.body.dataset.answerMs = (performance.now() - asked).toFixed(1);
  }
  $("stop").hidden = status !== "searching";
}

// Asks for the distance, the solution, the good moves and (tabled boards)
// the count of the position on the board, showing each as it comes.
let analyses = 0;
async function analyse() {
  const token = ++analyses;
  state.animation++;
  oracle.stop();
  state.solution = null;
  state.hints = null;
  render();
  rememberInUrl();
  for (const id of ["distance", "hints", "count"]) $(id).textContent = "…";
  $("other-goal").textContent = "";
  $("solution").textContent = "";
  $("progress").textContent = "";
  setStatus("searching");
  const shape = state.shape;
  const tabled = isTabled(shape);
  try {
    await oracle.ask({
      module: moduleOf(shape), op: "analyse", shape,
      start: state.cells, target: state.target, metric: metricOf(shape),
      notation: state.notation, compact: state.compact,
      hints: true, count: tabled,
    }, (message) => {
      switch (message.type) {
        case "progress": {
          // Before the answer, its search; after it, the good moves'.
          const where = state.solution === null && $("distance").textContent === "…" ? "progress" : "hints";
          $(where).textContent = `searching: ${message.nodes.toLocaleString("en")} nodes`;
          break;
        }
        case "solved":
          state.solution = message.distance === null ? null : message.solution;
          $("distance").textContent = message.distance === null ? "Impossible" : String(message.distance);
          $("solution").textContent = message.distance === null ? "" : message.text || "(solved)";
          $("progress").textContent = tabled
            ? ""
            : `${message.nodes.toLocaleString("en")} nodes, ${message.milliseconds.toFixed(0)} ms`;
          if (message.distance === null) {
            $("hints").textContent = "none: no sequence of moves reaches this goal (the other goal may be reachable)";
          }
          break;
        case "hints":
          state.hints = message.hints;
          if (message.hints !== null) {
            $("hints").textContent = message.hints === "" ? "none: solved" : message.text;
          }
          render();
          break;
        case "count":
          $("count").textContent = message.count ?? "none";
          break;
        default:
          break;
      }
    });
    if (!tabled) $("count").textContent = "not counted on searched boards";
    await showOtherGoal(shape, tabled);
    setStatus("ready");
  } catch (error) {
    if (error instanceof Stopped) {
      // Stopped by a newer question, the newer one owns the page.
      if (token === analyses && document.body.dataset.status === "searching") {
        $("distance").textContent = "stopped";
        setStatus("stopped");
      }
      return;
    }
    say(error.message);
    setStatus("error");
  }
}

// Says how far the other goal is, where that is cheap to know: a table
// read on a tabled board; on a searched board, only whether the position
// is the other goal itself. Nobody of the other convention is misled.
async function showOtherGoal(shape, tabled) {
  const other = state.goal === "last" ? "first" : "last";
  const named = other === "last" ? "with the blank last" : "with the blank first";
  const otherTarget = await ask("goal", { last: other === "last" }, shape);
  if (state.cells.every((tile, cell) => tile === otherTarget[cell])) {
    $("other-goal").textContent = `This is the goal ${named}: choose that goal above to solve for it.`;
    return;
  }
  if (!tabled) return;
  const reply = await oracle.first({
    module: moduleOf(shape), op: "analyse", shape, start: state.cells, target: otherTarget,
    metric: metricOf(shape), notation: state.notation, compact: state.compact, hints: false, count: false,
  }, "solved");
  $("other-goal").textContent = reply.distance === null
    ? `The goal ${named}: impossible from here.`
    : `The goal ${named}: ${reply.distance} moves (choose it above).`;
}

// The cells of the board that `op` makes on `shape`.
async function ask(op, fields, shape = state.shape) {
  const reply = await oracle.first({ module: moduleOf(shape), op, shape, ...fields }, "board");
  return reply.cells;
}

async function setTarget() {
  state.target = await ask("goal", { last: state.goal === "last" });
}

async function scramble() {
  say("");
  oracle.stop();
  const field = $("scramble-distance").value.trim();
  if (field !== "" && !/^\d+$/.test(field)) {
    say(`at distance: \`${field}\` is not a number of moves (0 or more)`);
    return;
  }
  const distance = field === "" || !isTabled(state.shape) ? null : Number(field);
  try {
    state.cells = await ask("scramble", { target: state.target, distance, metric: metricOf(state.shape) });
  } catch (error) {
    // No board that far on this board (a new, smaller one, say): draw
    // any board, so the board shown is always one of this shape.
    try {
      state.cells = await ask("scramble", { target: state.target, distance: null });
    } catch (again) {
      say(again.message);
      return;
    }
    say(`${error.message}; drawn at any distance instead`);
  }
  state.made = 0;
  await analyse();
}

async function setShape(shape) {
  oracle.stop();
  state.shape = shape;
  $("size").value = shape;
  await setTarget();
}

// Shows the board `text` writes, on `shape` or the one its rows give; on
// an error, says it and leaves the board as it was.
async function setPosition(text, shape) {
  say("");
  try {
    const wanted = shape ?? shapeOf(text);
    const cells = await ask("parse", { text }, wanted);
    if (wanted !== state.shape) await setShape(wanted);
    state.cells = cells;
  } catch (error) {
    say(namingTheNumber(error.message, text));
    return false;
  }
  state.made = 0;
  await analyse();
  return true;
}

// The crate counts a bad number's place ("number 16 is out of range"):
// the number typed is named beside it.
function namingTheNumber(message, text) {
  const tokens = text.split(/[\s/]+/).filter(Boolean);
  return message.replace(/number (\d+) is out of range/, (whole, place) => {
    const typed = tokens[Number(place) - 1];
    return typed === undefined ? whole : `number ${place} (\`${typed}\`) is out of range`;
  });
}

// Slides the tile next to the gap in direction `letter` into it, without
// counting a move.
function step(letter) {
  const blank = state.cells.indexOf(0);
  const cell = neighbour(blank, letter);
  if (cell === null) return false;
  state.cells[blank] = state.cells[cell];
  state.cells[cell] = 0;
  return true;
}

// One move: `tiles` tiles of the gap's row or column slide (one tile a
// move in the single-tile metric, one move a slide in the multi-tile).
function move(letter, tiles = 1) {
  if (along(state.cells.indexOf(0), letter, tiles) === null) return false;
  for (let made = 0; made < tiles; made++) step(letter);
  state.made += slides() ? 1 : tiles;
  return true;
}

function play(letter, tiles = 1) {
  if (move(letter, tiles)) analyse();
}

async function animateSolution() {
  const moves = state.solution;
  if (!moves) return;
  const token = ++state.animation;
  oracle.stop();
  state.hints = null;
  setStatus("animating");
  // A slide is one move in the multi-tile metric: its tiles go one at a
  // time, and the count goes down once.
  const moveList = slides() ? runsOf(moves) : [...moves].map((letter) => [letter, 1]);
  let left = moveList.length;
  for (const [letter, tiles] of moveList) {
    for (let tile = 0; tile < tiles; tile++) {
      await new Promise((resolve) => setTimeout(resolve, ANIMATION_STEP_MS));
      if (token !== state.animation) return;
      step(letter);
      render();
    }
    state.made++;
    left--;
    $("distance").textContent = String(left);
    render();
  }
  await analyse();
}

function tileClicked(event) {
  const cell = Number(event.target.closest(".tile")?.dataset.cell);
  if (Number.isNaN(cell)) return;
  const blank = state.cells.indexOf(0);
  // Next to the gap; in the multi-tile metric, anywhere in its row or
  // column, the tiles between sliding with it.
  const reach = slides() ? Math.max(...dims(state.shape)) : 1;
  for (const letter of ["U", "D", "L", "R"]) {
    for (let tiles = 1; tiles <= reach; tiles++) {
      if (along(blank, letter, tiles) === cell) {
        play(letter, tiles);
        return;
      }
    }
  }
}

function keyPressed(event) {
  if (event.target.closest("input, select, textarea")) return;
  const letter = KEY_MOVES[event.key];
  if (!letter) return;
  event.preventDefault();
  play(letter);
}

async function start() {
  try {
    await loadBoards();
  } catch (error) {
    say(error.message);
    setStatus("error");
    return;
  }
  const sizes = $("size");
  for (const shape of Object.keys(MODULE_OF)) sizes.add(new Option(shape, shape));
  const params = new URLSearchParams(location.search);
  // Any case, as the command takes it: `goal=LAST`.
  const lower = (name) => params.get(name)?.trim().toLowerCase() ?? null;
  const choice = (name, allowed, fallback) => (allowed.includes(lower(name)) ? lower(name) : fallback);
  state.goal = choice("goal", ["first", "last"], "first");
  state.notation = choice("notation", ["blank", "tile"], "blank");
  state.compact = ["1", "true", "yes"].includes(lower("compact"));
  state.metric = choice("metric", ["stm", "mtm"], "stm");
  $("goal").value = state.goal;
  $("notation").value = state.notation;
  $("compact").checked = state.compact;
  $("metric").value = state.metric;

  $("board").addEventListener("click", tileClicked);
  document.addEventListener("keydown", keyPressed);
  $("scramble").addEventListener("click", scramble);
  $("solve").addEventListener("click", animateSolution);
  $("stop").addEventListener("click", () => oracle.stop());
  sizes.addEventListener("change", async () => {
    await setShape(sizes.value);
    await scramble();
  });
  $("goal").addEventListener("change", async () => {
    state.goal = $("goal").value;
    await setTarget();
    await analyse();
  });
  const rewrite = () => {
    state.notation = $("notation").value;
    state.compact = $("compact").checked;
    analyse();
  };
  $("notation").addEventListener("change", rewrite);
  $("compact").addEventListener("change", rewrite);
  $("metric").addEventListener("change", () => {
    state.metric = $("metric").value;
    state.made = 0;
    analyse();
  });
  $("paste").addEventListener("submit", (event) => {
    event.preventDefault();
    setPosition($("position").value);
  });

  const size = MODULE_OF[lower("size")] ? lower("size") : null;
  const board = params.get("board") ?? params.get("scramble");
  try {
    await setShape(size ?? DEFAULT_SHAPE);
  } catch (error) {
    say(error.message);
    setStatus("error");
    return;
  }
  if (board !== null) {
    $("position").value = board;
    if (await setPosition(board, size ?? undefined)) return;
    // The link's board is wrong: say why (kept on screen), and show the goal.
    state.cells = state.target.slice();
    await analyse();
    return;
  }
  await scramble();
}

start();
