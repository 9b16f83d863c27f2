// Runs tools/build/engine_exercise.py inside Pyodide under Node, started the
// way the engine worker (web/worker.js) starts it on a first visit: Pyodide
// with the standard library zip given (`stdLibURL`) and a memory snapshot
// allowed, our wheel on sys.path, gamut.bridge imported, the heap saved;
// then the exercise.  Prints the exercise's answer (JSON) on
// stdout; Python's own output goes to stderr.
//
//   node tools/build/pyodide_run.mjs CONFIG.json
//   CONFIG: {"pyodide": dir of pyodide.mjs, "stdlib": zip, "wheel": whl,
//            "exercise": engine_exercise.py, "names": [modules to import]}
//   or {"pyodide", "stdlib", "input": zip, "minify": stdlib_minify.py, "out": zip}:
//            write `input` with its sources minified to `out`, print nothing
//   or {"pyodide", "stdlib", "wheel", "compile": wheel_compile.py, "out": whl}:
//            write `wheel` byte-compiled to `out`, print nothing
//
// Used by tools/build/stdlib.py (to find the modules the engine needs, then
// to check the cut zip) and by tests/test_build_stdlib.py.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const WHEEL = "/lib/gamut.whl"; // where web/worker.js writes it
const say = line => process.stderr.write(`${line}\n`);

async function main() {
  const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
  const indexURL = config.pyodide.endsWith("/") ? config.pyodide : `${config.pyodide}/`;
  const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
  const pyodide = await loadPyodide({
    indexURL,
    stdLibURL: config.stdlib,
    _makeSnapshot: true,
    // compiling the wheel: code objects without column positions (a
    // quarter less bytecode; tracebacks still name the file and line)
    ...(config.compile ? { env: { PYTHONNODEBUGRANGES: "1" } } : {}),
    stdout: say,
    stderr: say,
  });
  if (config.minify || config.compile) {
    // a zip in, a zip out: the standard library minified, or the wheel compiled
    const [input, script, call] = config.minify
      ? [config.input, config.minify, "minify_zip"]
      : [config.wheel, config.compile, "compile_wheel"];
    pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(input)));
    pyodide.runPython(readFileSync(script, "utf8"));
    pyodide.runPython(`${call}("/tmp/in.zip", "/tmp/out.zip")`);
    writeFileSync(config.out, pyodide.FS.readFile("/tmp/out.zip"));
    return;
  }
  // the wheel as the worker has it: a zip on sys.path (zipimport)
  pyodide.FS.writeFile(WHEEL, new Uint8Array(readFileSync(config.wheel)));
  pyodide.runPython(`import sys; sys.path.insert(0, "${WHEEL}")`);
  pyodide.pyimport("gamut.bridge");
  pyodide.makeMemorySnapshot();
  pyodide.runPython(readFileSync(config.exercise, "utf8"));
  pyodide.globals.set("EXERCISE_NAMES", JSON.stringify(config.names));
  return pyodide.runPython("json.dumps(exercise(json.loads(EXERCISE_NAMES)))");
}

// (an error is said in a few lines, never as Pyodide's minified source; the
// exit code is set rather than the process ended, so that every line is written)
main().then(
  answer => {
    if (answer !== undefined) process.stdout.write(answer);
  },
  err => {
    say(`${err.name || "Error"}: ${err.message || err}`);
    process.exitCode = 1;
  },
);
