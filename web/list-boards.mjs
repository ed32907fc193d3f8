// Asks every module of the page which boards it answers, and writes
// dist/pkg/boards.json: [{"shape": "2x2", "module": "tabled", "engine":
// "tables"}, ...], smallest first, for the page to read at start. Run by
// build.sh once the modules are built; its arguments are the modules'
// names, in the order the page prefers them.
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "dist", "pkg");
const boards = [];
const seen = new Set();
for (const name of process.argv.slice(2)) {
  const bindings = await import(pathToFileURL(join(pkg, `${name}.js`)).href);
  bindings.initSync({ module: await readFile(join(pkg, `${name}_bg.wasm`)) });
  for (const line of bindings.boards()) {
    const [shape, engine] = line.split(" ");
    // A board two modules hold is answered by the first.
    if (seen.has(shape)) continue;
    seen.add(shape);
    boards.push({ shape, module: name, engine });
  }
}
// Smallest first, as the crate lists them: the modules' order aside.
const cells = (shape) => shape.split("x").map(Number).reduce((a, b) => a * b);
boards.sort((a, b) => cells(a.shape) - cells(b.shape));
await writeFile(join(pkg, "boards.json"), `${JSON.stringify(boards)}\n`);
console.log(`dist/pkg/boards.json: ${boards.length} boards`);
