// The true candidates of a puzzle of several solutions, asked for after
// the verdict, a slice at a time: each /api/candidates answer holds the
// candidates found so far, whether they are complete, and the solutions that
// witness them, which the next request sends back to go on from. Those
// solutions are kept across edits: one that still fits the new givens is
// still a solution (the server checks each), so its digits stay candidates
// and the search starts from them. The digits proved impossible
// (``excluded``) are kept while the puzzle only gains givens (same layout
// and rules): a digit impossible stays impossible.
function squigglyCandidates(request, cancel, changed) {
  "use strict";
  const KEEP = 100;  // solutions kept, the newest
  let known = [], state = null, seq = 0, timer = null;
  let excluded = null, excludedFor = null;  // {givens, frame}: the puzzle they were proved on
  function fits(grid, givens) {
    if (grid.length !== givens.length) return false;
    for (let i = 0; i < givens.length; i++) if (givens[i] !== "." && givens[i] !== grid[i]) return false;
    return true;
  }
  function learn(solutions) {
    for (const s of solutions || []) if (typeof s === "string" && !known.includes(s)) known.push(s);
    if (known.length > KEEP) known = known.slice(known.length - KEEP);
  }
  function stop() {
    seq++;
    clearTimeout(timer);
    timer = null;
    cancel("candidates");
    state = null;
  }
  // Start on ``line`` (the puzzle sent), whose givens are ``givens`` (line
  // form) and ``frame`` its layout and rules (any string that tells them
  // apart), from the solutions known that fit them and ``seeds``.
  function start(line, givens, frame, seeds) {
    stop();
    known = known.filter(g => fits(g, givens));
    if (!excludedFor || excludedFor.frame !== frame || !fits(givens, excludedFor.givens)) excluded = null;
    excludedFor = {givens: givens, frame: frame};
    learn(seeds);
    state = {list: null, complete: false, error: null};
    ask(line, seq, 0);
  }
  function ask(line, my, retries) {
    const body = {puzzle: line, solutions: known};
    if (excluded) body.excluded = excluded;
    if (state && state.list) body.found = state.list;  // this very puzzle's, from the last slice
    request("candidates", "/api/candidates", body, (status, data) => {
      if (my !== seq) return;
      if (status === 503 && retries < 5) {
        timer = setTimeout(() => { timer = null; ask(line, my, retries + 1); }, 1000 * (retries + 1));
        return;
      }
      if (status !== 200 || !Array.isArray(data.candidates)) {
        state.error = data && data.error ? data.error : data.reason || "the server answered " + status;
        changed();
        return;
      }
      learn(data.solutions);
      if (Array.isArray(data.excluded) && data.excluded.length) excluded = data.excluded;
      state = {list: data.candidates, complete: !!data.complete, error: null};
      changed();
      if (!data.complete) ask(line, my, 0);
    }, message => { if (my === seq) { state.error = message; changed(); } });
  }
  return {start: start, stop: stop, state: () => state};
}
