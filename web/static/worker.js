// The page's worker: answers on one board at a time from the WebAssembly
// module that holds it, so that a long search never freezes the page. The
// page stops a search by ending the worker and starting another.
//
// Messages in: {id, module, compiled, op, shape, ...} (`compiled`: the
// module's WebAssembly.Module); out: {id, type, ...},
// where type is "progress", "solved", "hints", "count", "board", "done"
// or "error". Moves go both ways as the blank's letters (the hints with
// counts, `U2`, in the multi-tile metric); "solved" and "hints" also carry
// them written in the request's notation. `metric` is "stm" or "mtm".

const modules = new Map();

async function load(name, compiled) {
  if (!modules.has(name)) {
    const bindings = await import(`./pkg/${name}.js`);
    await bindings.default({ module_or_path: compiled });
    modules.set(name, bindings);
  }
  return modules.get(name);
}

// At most ten progress messages a second: the search calls back every
// 8,192 nodes.
function progressReporter(id) {
  let last = 0;
  return (nodes) => {
    const now = performance.now();
    if (now - last >= 100) {
      last = now;
      postMessage({ id, type: "progress", nodes });
    }
  };
}

async function answer(message) {
  const { id, op, shape } = message;
  const metric = message.metric ?? "stm";
  const oracle = await load(message.module, message.compiled);
  const post = (type, fields) => postMessage({ id, type, ...fields });
  switch (op) {
    case "analyse": {
      const start = Uint8Array.from(message.start);
      const target = Uint8Array.from(message.target);
      const began = performance.now();
      const solved = oracle.solve(shape, metric, start, target, progressReporter(id));
      // A slide is one move: its letter and its count.
      const counts = message.compact || metric === "mtm";
      post("solved", {
        distance: solved.distance ?? null,
        solution: solved.solution,
        text: oracle.write_moves(solved.solution, message.notation, counts),
        nodes: solved.nodes,
        milliseconds: performance.now() - began,
      });
      solved.free();
      if (message.hints) {
        const hints = oracle.hints(shape, metric, start, target, progressReporter(id)) ?? null;
        const text = hints === null ? null : oracle.write_slides(hints, message.notation);
        post("hints", { hints, text });
      }
      if (message.count) {
        const count = oracle.count(shape, metric, start, target);
        post("count", { count: count === undefined ? null : count.toString() });
      }
      break;
    }
    case "goal":
      post("board", { cells: Array.from(oracle.goal(shape, message.last)) });
      break;
    case "parse":
      post("board", { cells: Array.from(oracle.parse(shape, message.text)) });
      break;
    case "scramble": {
      const seed = crypto.getRandomValues(new Uint32Array(2));
      const target = Uint8Array.from(message.target);
      const cells = oracle.scramble(shape, metric, target, message.distance ?? undefined, seed[0], seed[1]);
      post("board", { cells: Array.from(cells) });
      break;
    }
    default:
      throw new Error(`unknown request ${op}`);
  }
  post("done", {});
}

onmessage = async (event) => {
  try {
    await answer(event.data);
  } catch (error) {
    postMessage({ id: event.data.id, type: "error", message: String(error.message ?? error) });
  }
};
