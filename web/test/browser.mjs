// The page in a real browser (Debian's Chromium, headless, driven by
// Playwright): it serves web/dist, opens the page with known boards and
// checks what it shows against independent answers: published lengths
// (Korf's 100, the farthest 3x4 positions, the Eight Puzzle's 31-move
// positions), a replay of every solution written here, and a
// breadth-first search written here for the count of optimal solutions.
// Prints the time of Korf's first 10 boards in the page.
//
//   node web/test/browser.mjs [--screenshot FILE.png] [--korf N]
//
// (`--korf N` times Korf's first N boards instead of 10.)

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const lines = (file) => readFileSync(join(root, "tests", "data", file), "utf8")
  .split("\n").map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
const korf = lines("korf100.txt");
const korfLengths = lines("korf100-lengths.txt").map(Number);
const farthest3x4 = lines("farthest-3x4.txt");
const eighty = lines("eighty-movers.txt");
const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const timed = Number(option("--korf") ?? 10);

let failures = 0;
function check(condition, what) {
  if (condition) {
    console.log(`ok      ${what}`);
  } else {
    failures++;
    console.log(`FAILED  ${what}`);
  }
}

// --- independent references --------------------------------------------

// Plays `letters` (the blank's directions, or with `tile` the tiles') on
// `cells` of a board `cols` wide; null at an illegal move.
function replay(cells, cols, letters, tile = false) {
  const board = cells.slice();
  const rows = board.length / cols;
  const flip = { U: "D", D: "U", L: "R", R: "L" };
  for (const raw of letters) {
    const letter = tile ? flip[raw] : raw;
    const blank = board.indexOf(0);
    const row = Math.floor(blank / cols);
    const col = blank % cols;
    const next = { U: row > 0 ? blank - cols : -1, D: row < rows - 1 ? blank + cols : -1,
      L: col > 0 ? blank - 1 : -1, R: col < cols - 1 ? blank + 1 : -1 }[letter];
    if (next === undefined || next < 0) return null;
    board[blank] = board[next];
    board[next] = 0;
  }
  return board;
}

// `R3` is `RRR`.
const expand = (text) => text.replace(/([UDLR])(\d+)/g, (_, letter, count) => letter.repeat(Number(count)));

// Distances and numbers of shortest paths from `goal` over every board
// of the shape, by breadth-first search on strings.
function pathCounts(goal, cols) {
  const key = (cells) => cells.join(",");
  const distance = new Map([[key(goal), 0]]);
  const paths = new Map([[key(goal), 1]]);
  let frontier = [goal];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next = [];
    for (const cells of frontier) {
      const from = paths.get(key(cells));
      for (const letter of "UDLR") {
        const moved = replay(cells, cols, letter);
        if (moved === null) continue;
        const k = key(moved);
        if (!distance.has(k)) {
          distance.set(k, depth);
          paths.set(k, 0);
          next.push(moved);
        }
        if (distance.get(k) === depth) paths.set(k, paths.get(k) + from);
      }
    }
    frontier = next;
  }
  return { distance, paths, key };
}

// Distances from `goal` when one move slides the blank any number of
// cells along its row or column (the multi-tile metric).
function slideDistances(goal, cols) {
  const key = (cells) => cells.join(",");
  const distance = new Map([[key(goal), 0]]);
  let frontier = [goal];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next = [];
    for (const cells of frontier) {
      for (const letter of "UDLR") {
        for (let tiles = 1; ; tiles++) {
          const moved = replay(cells, cols, letter.repeat(tiles));
          if (moved === null) break;
          if (!distance.has(key(moved))) {
            distance.set(key(moved), depth);
            next.push(moved);
          }
        }
      }
    }
    frontier = next;
  }
  return { distance, key };
}

const numbers = (text) => text.split(/[\s/]+/).filter(Boolean).map(Number);
const goalFirst = (n) => [...Array(n).keys()];
const goalLast = (n) => [...Array(n).keys()].map((i) => (i + 1) % n);
const same = (a, b) => a !== null && a.length === b.length && a.every((x, i) => x === b[i]);

// --- the page -----------------------------------------------------------

function serve() {
  return new Promise((resolve, reject) => {
    const server = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
      "--directory", join(here, "..", "dist")], { stdio: ["ignore", "pipe", "ignore"] });
    server.on("error", reject);
    server.stdout.on("data", (data) => {
      const port = /port (\d+)/.exec(String(data));
      if (port) resolve({ server, base: `http://127.0.0.1:${port[1]}` });
    });
  });
}

const { server, base } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 640 } });
page.on("pageerror", (error) => {
  failures++;
  console.log(`FAILED  no error on the page: ${error.message}`);
});

const settled = () => page.waitForFunction(
  () => ["ready", "error", "stopped"].includes(document.body.dataset.status), null, { timeout: 60_000 });
const text = (id) => page.textContent(`#${id}`);
const shown = async () => ({
  distance: await text("distance"),
  solution: await text("solution"),
  cells: await page.$$eval(".tile", (tiles) => tiles.map((tile) => Number(tile.textContent || 0))),
});

async function open(params) {
  const loaded = Date.now();
  await page.goto(`${base}/index.html?${new URLSearchParams(params)}`);
  await settled();
  return Date.now() - loaded;
}

// Runs `action`, then waits for the page to answer the position it makes
// (or to stop or fail); the milliseconds it took.
async function answered(action) {
  const count = await page.evaluate(() => Number(document.body.dataset.answered ?? 0));
  const began = Date.now();
  await action();
  await page.waitForFunction((count) => Number(document.body.dataset.answered ?? 0) > count
      || ["error", "stopped"].includes(document.body.dataset.status), count, { timeout: 60_000 });
  return Date.now() - began;
}

async function paste(position) {
  await page.fill("#position", position);
  return answered(() => page.click("#paste button"));
}

try {
  // Korf's first boards: the published lengths, solutions that replay.
  const firstLoad = await open({ board: korf[0] });
  console.log(`        the page with Korf's first board answered ${firstLoad} ms after it began loading`);
  for (let i = 0; i < 3; i++) {
    if (i > 0) await paste(korf[i]);
    const { distance, solution } = await shown();
    check(distance === String(korfLengths[i]), `Korf #${i + 1}: #distance ${distance}, published ${korfLengths[i]}`);
    check(solution.length === korfLengths[i] && same(replay(numbers(korf[i]), 4, solution), goalFirst(16)),
      `Korf #${i + 1}: #solution replays to the goal in ${solution.length} moves`);
  }

  // A good move, clicked, takes the distance down by one.
  await paste(korf[0]);
  const before = await shown();
  const good = await page.$$(".tile.good");
  check(good.length > 0, `Korf #1: ${good.length} good moves highlighted`);
  if (option("--screenshot")) await page.screenshot({ path: option("--screenshot") });
  await answered(() => good[0].click());
  const after = await shown();
  check(Number(after.distance) === Number(before.distance) - 1 && !same(after.cells, before.cells),
    `a highlighted tile clicked: the distance went from ${before.distance} to ${after.distance}`);
  check(same(replay(after.cells, 4, after.solution), goalFirst(16)), "the new solution replays to the goal");

  // The other half of the states: Impossible.
  await paste("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15");
  check(await text("distance") === "Impossible", `two tiles swapped: #distance ${await text("distance")}`);
  check(await text("solution") === "", "and no solution");

  // A position that is not a board: the crate's reason, the board kept.
  const kept = await shown();
  await page.fill("#position", "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 14");
  await page.click("#paste button");
  await page.waitForFunction(() => document.getElementById("message").textContent !== "", null, { timeout: 10_000 });
  const reason = await text("message");
  check(/14/.test(reason) && same((await shown()).cells, kept.cells),
    `a tile twice: the page says "${reason}" and keeps the board`);

  // The Eight Puzzle's 31-move positions to the goal with the blank last,
  // in tile notation with counts; the count against a BFS written here.
  const eight = pathCounts(goalLast(9), 3);
  for (const position of ["8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1"]) {
    await open({ board: position, goal: "last", notation: "tile", compact: "1" });
    const { distance, solution } = await shown();
    check(distance === "31", `3x3 ${position} to 1..8 0: #distance ${distance}, published 31`);
    check(/\d/.test(solution) && same(replay(numbers(position), 3, expand(solution), true), goalLast(9)),
      `its tile-notation solution ${solution} replays to the goal`);
    const expected = eight.paths.get(eight.key(numbers(position)));
    check(await text("count") === String(expected), `its optimal solutions: #count ${await text("count")}, BFS ${expected}`);
  }

  // A board at an exact distance, drawn by the page.
  await page.fill("#scramble-distance", "20");
  await answered(() => page.click("#scramble"));
  const drawn = await shown();
  check(drawn.distance === "20" && eight.distance.get(eight.key(drawn.cells)) === 20,
    `Scramble at distance 20: ${drawn.cells.join(" ")}, #distance ${drawn.distance}, BFS ${eight.distance.get(eight.key(drawn.cells))}`);

  // Solve plays the solution out to the goal; an arrow key moves a tile.
  await open({ board: "1 2 3/4 0 5/7 8 6", goal: "last" });
  await answered(() => page.click("#solve"));
  const solvedBoard = await shown();
  check(solvedBoard.distance === "0" && same(solvedBoard.cells, goalLast(9)),
    `Solve on 1 2 3/4 0 5/7 8 6: the board is the goal (${solvedBoard.cells.join(" ")}), #distance ${solvedBoard.distance}`);
  await answered(() => page.keyboard.press("ArrowDown"));
  const keyed = await shown();
  check(same(keyed.cells, [1, 2, 3, 4, 5, 0, 7, 8, 6]) && keyed.distance === "1",
    `ArrowDown slides the 6 down: ${keyed.cells.join(" ")}, #distance ${keyed.distance}`);

  // The 2x3 board from a plain list: the wide board of 6 cells.
  const six = pathCounts(goalFirst(6), 3);
  await open({ board: "5 4 3 2 1 0" });
  check(await text("distance") === String(six.distance.get("5,4,3,2,1,0")),
    `2x3 5 4 3 2 1 0: #distance ${await text("distance")}, BFS ${six.distance.get("5,4,3,2,1,0")}`);

  // 2x5, from the large module: a replayed solution of the right length.
  await open({ board: "9 8 7 6 5/4 3 2 1 0" });
  const wide = await shown();
  check(wide.cells.length === 10 && Number(wide.distance) === wide.solution.length
      && same(replay(numbers("9 8 7 6 5 4 3 2 1 0"), 5, wide.solution), goalFirst(10)),
  `2x5: #distance ${wide.distance}, a solution that replays in as many moves`);

  // The farthest 3x4 positions, from a complete BFS: 53, the published most.
  await open({ board: farthest3x4[0], size: "3x4" });
  check(await text("distance") === "53", `3x4 ${farthest3x4[0]}: #distance ${await text("distance")}, published 53`);
  await open({ board: farthest3x4[0], size: "4x3" });
  const tall = await shown();
  check(tall.cells.length === 12 && same(replay(numbers(farthest3x4[0]), 3, tall.solution), goalFirst(12)),
    `the same numbers on 4x3: ${tall.distance} moves, a solution that replays`);

  // A long search shows its progress and can be stopped.
  await page.goto(`${base}/index.html?${new URLSearchParams({ board: eighty[0], goal: "last" })}`);
  await page.waitForFunction(() => /nodes/.test(document.getElementById("progress").textContent), null, { timeout: 30_000 });
  check(await page.isVisible("#stop"), `an 80-move board: progress shown (${await text("progress")}), Stop visible`);
  await page.click("#stop");
  await settled();
  check(await text("distance") === "stopped" && await page.isHidden("#stop"), "Stop: the search ended, #distance says so");

  // The other goal: named when the position is it, its distance on a
  // tabled board (against the BFS written here).
  await open({ board: "1 2 3/4 5 6/7 8 0" });
  check(/This is the goal with the blank last/.test(await text("other-goal")),
    `1 2 3/4 5 6/7 8 0 to the default goal: "${await text("other-goal")}"`);
  await open({ board: "8 6 7/2 5 4/3 0 1" });
  const toLast = eight.distance.get(eight.key(numbers("8 6 7 2 5 4 3 0 1")));
  check((await text("other-goal")).includes(`with the blank last: ${toLast} moves`),
    `8 6 7/2 5 4/3 0 1: "${await text("other-goal")}", BFS ${toLast}`);

  // Parameters in any case, as the command takes them.
  await open({ board: "1 2 3/4 0 5/7 8 6", goal: "LAST", notation: "TILE" });
  const upper = await shown();
  check(upper.distance === "2" && await page.inputValue("#goal") === "last"
      && same(replay(upper.cells, 3, upper.solution, true), goalLast(9)),
    `goal=LAST, notation=TILE: #distance ${upper.distance}, tile solution ${upper.solution}`);

  // Bad links and fields: messages that name what was typed.
  await open({ board: "garbage" });
  check(/`garbage` is not a number/.test(await text("message")), `board=garbage: "${await text("message")}"`);
  await open({ board: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99" });
  check(/\(`99`\) is out of range/.test(await text("message")), `a 99: "${await text("message")}"`);
  await open({ board: "8 6 7/2 5 4/3 0 1" });
  await page.fill("#scramble-distance", "-1");
  await page.click("#scramble");
  check(/`-1` is not a number of moves/.test(await text("message")), `at distance -1: "${await text("message")}"`);

  // Another board while "at distance" is too far for it: a board of the
  // new shape, drawn at any distance, and the page says so.
  await page.fill("#scramble-distance", "30");
  await answered(() => page.selectOption("#size", "2x2"));
  const small = await shown();
  check(small.cells.length === 4 && /drawn at any distance/.test(await text("message")),
    `3x3 at distance 30, then 2x2: ${small.cells.length} tiles, "${await text("message")}"`);

  // A slide a move: the distance, solution, good moves and count in
  // slides, a click on a tile two cells from the gap one move.
  await open({ size: "3x3", metric: "mtm", board: "1 2 0/3 4 5/6 7 8" });
  check(await text("distance") === "1" && await text("solution") === "L2" && await text("hints") === "L2"
    && await text("count") === "1",
    `metric=mtm, 1 2 0/3 4 5/6 7 8: ${await text("distance")} move, ${await text("solution")}, hints ${await text("hints")}`);
  await answered(() => page.click(".tile[data-cell='0']"));
  const slid = await shown();
  check(same(slid.cells, goalFirst(9)) && slid.distance === "0" && await text("made") === "1",
    `the 1 clicked two cells from the gap: ${slid.cells.join(" ")}, #made ${await text("made")}`);
  const eightSlides = slideDistances(goalFirst(9), 3);
  await paste("8 6 7/2 5 4/3 0 1");
  const farSlides = await shown();
  const expectedSlides = eightSlides.distance.get(eightSlides.key(numbers("8 6 7/2 5 4/3 0 1")));
  const written = [...farSlides.solution.matchAll(/[UDLR]\d*/g)].length;
  check(Number(farSlides.distance) === expectedSlides && written === expectedSlides
    && same(replay(farSlides.cells, 3, expand(farSlides.solution)), goalFirst(9)),
    `metric=mtm, 8 6 7/2 5 4/3 0 1: #distance ${farSlides.distance}, BFS ${expectedSlides}, ${farSlides.solution}`);
  await page.fill("#scramble-distance", "15");
  await answered(() => page.click("#scramble"));
  const drawnSlides = await shown();
  check(drawnSlides.distance === "15" && eightSlides.distance.get(eightSlides.key(drawnSlides.cells)) === 15,
    `metric=mtm, Scramble at distance 15: #distance ${drawnSlides.distance}, BFS ${eightSlides.distance.get(eightSlides.key(drawnSlides.cells))}`);
  await page.fill("#scramble-distance", "");

  // The placeholder solves as shown, to the default goal: Korf's first.
  await open({});
  await paste(await page.getAttribute("#position", "placeholder"));
  check(await text("distance") === String(korfLengths[0]), `the placeholder: #distance ${await text("distance")}`);

  // A move during a long search: the new search shows Stop, not "stopped".
  await page.goto(`${base}/index.html?${new URLSearchParams({ board: eighty[0], goal: "last" })}`);
  await page.waitForFunction(() => /nodes/.test(document.getElementById("progress").textContent), null, { timeout: 30_000 });
  await page.keyboard.press("ArrowLeft");
  await page.waitForTimeout(300);
  check(await page.isVisible("#stop") && await text("distance") !== "stopped",
    `a move during a search: Stop visible, #distance "${await text("distance")}"`);
  await page.click("#stop");
  await settled();

  // The widest board fits a 400 px phone.
  const phone = await browser.newPage({ viewport: { width: 400, height: 800 } });
  await phone.goto(`${base}/index.html?${new URLSearchParams({ board: "1 0 2 3 4 5 6 7 8 9 10 11 12 13", size: "2x7" })}`);
  await phone.waitForFunction(() => document.querySelectorAll(".tile").length === 14, null, { timeout: 30_000 });
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth);
  check(overflow <= 400, `2x7 on a 400 px phone: the page is ${overflow} px wide`);
  await phone.close();

  // Timings: Korf's first boards in the page, one after another.
  await open({ board: korf[0] });
  check(await page.isDisabled("#metric"), "4x4: the metric is a tile a move, its switch off");
  const times = [];
  for (let i = 0; i < timed; i++) {
    await paste(korf[i]);
    const wall = Number(await page.evaluate(() => document.body.dataset.answerMs));
    const searched = /([\d,]+) nodes, (\d+) ms/.exec(await text("progress"));
    check(await text("distance") === String(korfLengths[i]), `Korf #${i + 1} in the page: ${await text("distance")} moves`);
    times.push({ board: i + 1, wall, search: Number(searched?.[2]), nodes: searched?.[1] });
  }
  console.log(`        Korf's first ${timed}: wall ms in the page (answer, good moves, display), search ms, nodes`);
  for (const time of times) console.log(`        #${time.board}: ${time.wall} ms, ${time.search} ms, ${time.nodes}`);
  const median = (values) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  console.log(`        median ${median(times.map((t) => t.wall))} ms wall, ${median(times.map((t) => t.search))} ms search;`
    + ` most ${Math.max(...times.map((t) => t.wall))} ms wall, ${Math.max(...times.map((t) => t.search))} ms search`);
} finally {
  await browser.close();
  server.kill();
}

if (failures > 0) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
console.log("all checks passed");
