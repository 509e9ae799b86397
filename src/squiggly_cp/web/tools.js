// The workbench's variant tools: killer cages, lines (an arrow's bulb of two
// cells by Shift-drag first), kropki dots and X/V, cell marks and the global
// rules, drawn on the board; and every rule drawn, loaded ones no tool draws
// too (little killers, sandwiches, clones...), selected and deleted.
//
// The rules live in the page's puzzle as f-puzzles JSON keys (S.rules), the
// form the server's one rule reader reads: the check, the hints and the
// exports carry them with no second format. The server draws them (/api/read's
// rules_svg, the drawing `show --svg` makes), each a <g data-rule data-cells>;
// this file draws only the drag being made and the selection. Every change is
// one of the page's edits, so undo and redo cover it. A rule no tool draws is
// deleted by keeping the keys of all the others, as /api/read lists them.
//
// One global factory, squigglyTools(page), with no other global name: `page`
// is the page's own functions (state, edit, render, request...).
"use strict";
function squigglyTools(page) {
  const {board, boardBox, C, M} = page;
  const role = name => document.querySelector("[data-role=" + name + "]");
  // The tools, from the server's table of rule kinds (web/page.py's tool_table):
  // each tool's f-puzzles key by its data-tool, per row of the panel.
  const LINES = {}, EDGES = {}, MARKS = {}, EXCLUSIVE = {}, FLAGS = {}, KINDS = {}, LABELS = {}, TOOL = {};
  const CAGES = new Set();  // the keys of cages, whose sum is typed
  const isCage = id => !!TOOL[id] && TOOL[id].group === "Draw";
  const TOOLS = [["Draw", {select: "Select"}], ["Lines", {}], ["Edges", {}], ["Cells", {}]];
  for (const t of page.table) {
    TOOL[t.id] = t;
    if (t.group === "Global") { FLAGS[t.id] = t.label; continue; }
    TOOLS.find(row => row[0] === t.group)[1][t.id] = t.label;
    if (t.group === "Lines" && t.id !== "arrow") LINES[t.id] = t.key;
    if (t.group === "Edges") EDGES[t.id] = [t.key, t.value];
    if (t.group === "Cells") { MARKS[t.id] = t.key; EXCLUSIVE[t.key] = t.exclusive; }
    if (t.group === "Draw") CAGES.add(t.key);
    KINDS[t.key] = t.kind;  // each key's rules as the library names their kind (a drawn rule's data-rule)
    if (!(t.key in LABELS)) LABELS[t.key] = t.name;
  }
  const DRAWN = new Set(Object.values(KINDS));  // the kinds units() finds in the keys; the others come from the drawing
  let tool = null, drag = null, selectedId = null, asked = null, drawTimer = null, typing = false;
  // Why the last drag drew nothing, or stopped growing (told until the next one).
  let told = null;
  // An arrow's bulb of one or two cells drawn (Shift-drag, or a drag after the
  // bulb button, for a touch screen: bulbNext), waiting for its line.
  let bulb = null, bulbNext = false;
  const dropBulb = () => { bulb = null; bulbNext = false; };
  // The server's drawing of each set of rules (null: refused): {svg, rules (/api/read's:
  // each one's kind, name and keys), cells (each drawn rule's data-cells)}.
  const drawings = new Map();
  const drawKey = s => s.n + " " + JSON.stringify(s.rules);

  const name = (i, n) => "R" + (Math.floor(i / n) + 1) + "C" + (i % n + 1);
  function cellsOf(names, n) {
    const out = [];
    for (const text of Array.isArray(names) ? names : []) {
      const m = /^R(\d+)C(\d+)$/i.exec(String(text));
      if (m && m[1] >= 1 && m[1] <= n && m[2] >= 1 && m[2] <= n) out.push((m[1] - 1) * n + Number(m[2]) - 1);
    }
    return out;
  }
  // Every rule that can be selected: an entry, or one line of an entry of lines
  // (an arrow's with its bulb); and every other rule drawn (`drawnUnits`).
  function units(s) {
    const out = [], rules = s.rules || {};
    for (const key in KINDS) {
      (Array.isArray(rules[key]) ? rules[key] : []).forEach((entry, index) => {
        if (!entry || typeof entry !== "object") return;
        const unit = (line, cells) => out.push({key, index, line, cells, kind: KINDS[key], id: idOf(key, entry, line)});
        const bulbCells = key === "arrow" ? cellsOf(entry.cells, s.n) : [];
        const withBulb = cells => bulbCells.concat(cells.filter(i => !bulbCells.includes(i)));
        if (Array.isArray(entry.lines)) entry.lines.forEach((line, k) => unit(k, withBulb(cellsOf(line, s.n))));
        else unit(null, cellsOf(entry.cells || [entry.cell], s.n));
      });
    }
    return out.concat(drawnUnits(s));
  }
  // The rules no tool draws (little killers, sandwiches, clones, quadruples,
  // extra regions, the global ones...), as the server's drawing lists them: the
  // k-th is the k-th <g data-rule>; its cells those it draws, its clue outside
  // the grid where it has one.
  function drawnUnits(s) {
    const drawing = s.rules ? drawings.get(drawKey(s)) : null;
    if (!drawing) return [];
    const out = [];
    drawing.rules.forEach((rule, k) => {
      if (DRAWN.has(rule.kind)) return;
      const cells = cellsOf((drawing.cells[k] || "").split(" ").filter(x => x), s.n);
      out.push({key: null, drawn: k, kind: rule.kind, cells, clue: clueOf(rule.keys, s.n), name: rule.name,
        id: "drawn " + rule.kind + " " + JSON.stringify(rule.keys) + " " + drawing.rules.slice(0, k).filter(r => sameRule(r, rule)).length});
    });
    return out;
  }
  const sameRule = (a, b) => JSON.stringify(a.keys) === JSON.stringify(b.keys);
  function clueOf(keys, n) {
    // Where a clue outside the grid is (a little killer's or a sandwich's cell, R0C3...), in cells.
    for (const [, entry] of keys) {
      const m = entry && typeof entry === "object" ? /^R(\d+)C(\d+)$/i.exec(String(entry.cell)) : null;
      const r = m ? Number(m[1]) : 1, c = m ? Number(m[2]) : 1;
      if (m && (r === 0 || c === 0 || r === n + 1 || c === n + 1)) return {x: c - 0.5, y: r - 0.5};
    }
    return null;
  }
  const idOf = (key, entry, line) => key + " " + JSON.stringify(entry) + " " + line;
  const selectedUnit = () => units(page.state()).find(u => u.id === selectedId) || null;

  // ---- Changing the rules: one edit of the page, on a copy of its keys.

  function changeRules(change) {
    page.edit(s => {
      let rules = JSON.parse(JSON.stringify(s.rules || {}));
      rules = change(rules, s.n) || rules;  // a change edits the copy, or returns new keys
      for (const key of Object.keys(rules)) {
        if (rules[key] === false || rules[key] === null || (Array.isArray(rules[key]) && !rules[key].length)) delete rules[key];
      }
      s.rules = Object.keys(rules).length ? rules : null;
      if (!s.rules) s.rulesSvg = "";
    });
  }
  function add(key, entry) {
    changeRules(rules => { (rules[key] = Array.isArray(rules[key]) ? rules[key] : []).push(entry); });
    selectedId = idOf(key, entry, Array.isArray(entry.lines) ? 0 : null);
    render();
  }
  function remove(u) {
    changeRules(rules => {
      if (u.key === null) return withoutDrawn(u.drawn);
      const entry = rules[u.key][u.index];
      if (u.line !== null && entry.lines.length > 1) entry.lines.splice(u.line, 1);
      else rules[u.key].splice(u.index, 1);
    });
    selectedId = null;
    render();
  }
  function withoutDrawn(k) {
    // The keys of every rule drawn but the k-th, as the server wrote each (f-puzzles' own way).
    const rules = {}, drawing = drawings.get(drawKey(page.state()));
    drawing.rules.forEach((rule, j) => {
      if (j === k) return;
      for (const [key, entry] of rule.keys) {
        if (entry === true) rules[key] = true;
        else if (key === "negative") { if (!(rules.negative = rules.negative || []).includes(entry)) rules.negative.push(entry); }
        else (rules[key] = rules[key] || []).push(entry);
      }
    });
    return rules;
  }
  function typeSum(u, key) {
    // A digit appends to the selected cage's sum, Backspace takes the last off.
    let entry = null;
    typing = true;
    changeRules(rules => {
      entry = rules[u.key][u.index];
      const old = entry.value === undefined || entry.value === null ? "" : String(entry.value);
      const value = (key === "Backspace" ? old.slice(0, -1) : (old + key).replace(/^0+/, "")).slice(0, 3);
      if (value) entry.value = value; else delete entry.value;
    });
    if (entry) selectedId = idOf(u.key, entry, null);
    render();
  }
  function placeEdge(p, n) {
    const pair = edgeAt(p, n);
    if (!pair) return;
    const [key, value] = EDGES[tool], names = pair.map(i => name(i, n)), same = units(page.state())
      .filter(u => u.kind === "dot" && u.cells.length === 2 && u.cells.includes(pair[0]) && u.cells.includes(pair[1]));
    const again = same.some(u => u.key === key && (value === null || page.state().rules[key][u.index].value === value));
    changeRules(rules => {
      for (const u of same.sort((a, b) => b.index - a.index)) rules[u.key].splice(u.index, 1);
      if (!again) (rules[key] = Array.isArray(rules[key]) ? rules[key] : []).push(value ? {cells: names, value} : {cells: names});
    });
    selectedId = null;
    render();
  }
  function markCell(cell, n) {
    // Odd and even take each other's place, as min and max do; a second click takes it off.
    const key = MARKS[tool], s = page.state(), rules = s.rules || {};
    const at = k => (Array.isArray(rules[k]) ? rules[k] : []).findIndex(e => e && cellsOf([e.cell], n)[0] === cell);
    const here = at(key), other = at(EXCLUSIVE[key]);
    changeRules(keys => {
      if (other >= 0) keys[EXCLUSIVE[key]].splice(other, 1);
      if (here >= 0) keys[key].splice(here, 1);
      else (keys[key] = Array.isArray(keys[key]) ? keys[key] : []).push({cell: name(cell, n)});
    });
    selectedId = null;
    render();
  }
  function finishDrag(n) {
    const cells = drag.cells, names = cells.map(i => name(i, n)), from = drag.from;
    if (drag.bulb) bulb = cells;
    drag = null;
    if (bulb && !from) render();  // the bulb drawn: its line next
    else if (from && cells.length < 2) render();  // the bulb kept, still waiting for its line
    else if (from) { bulb = null; add("arrow", {cells: from.map(i => name(i, n)), lines: [names]}); }
    else if (isCage(tool)) add(TOOL[tool].key, {cells: names});
    else if (cells.length < TOOL[tool].shortest) {  // a line needs two cells, a between line three
      if (tool === "between" && cells.length === 2) told = "A between line needs at least 3 cells (its two ends and a cell between).";
      render();
    }
    else if (tool === "arrow") add("arrow", {cells: names.slice(0, 1), lines: [names]});
    else add(LINES[tool], {lines: [names]});
  }

  // ---- The global rules: flags, and windoku's four windows (a 9x9 rule).

  function windows(n) {
    if (n !== 9) return [];
    return [[1, 1], [1, 5], [5, 1], [5, 5]].map(([top, left]) => {
      const out = [];
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(name((top + r) * n + left + c, n));
      return out;
    });
  }
  const sameCells = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  function windowIndex(rules, cells) {
    return (Array.isArray(rules.extraregion) ? rules.extraregion : []).findIndex(e => e && sameCells(e.cells || [], cells));
  }
  // f-puzzles' negative constraints: a name in the list of its key "negative".
  const negative = key => key.startsWith("negative-") ? key.slice(9) : null;
  function flagOn(s, key) {
    if (negative(key)) return !!s.rules && Array.isArray(s.rules.negative) && s.rules.negative.includes(negative(key));
    if (key !== "windoku") return !!(s.rules && s.rules[key] === true);
    const found = windows(s.n);
    return found.length > 0 && !!s.rules && found.every(w => windowIndex(s.rules, w) >= 0);
  }
  function toggle(key) {
    const on = flagOn(page.state(), key);
    changeRules((rules, n) => {
      if (negative(key)) {
        const list = rules.negative = Array.isArray(rules.negative) ? rules.negative.filter(x => x !== negative(key)) : [];
        if (!on) list.push(negative(key));
        return;
      }
      if (key !== "windoku") { rules[key] = !on; return; }
      for (const w of windows(n)) {
        const k = windowIndex(rules, w);
        if (on && k >= 0) rules.extraregion.splice(k, 1);
        else if (!on && k < 0) (rules.extraregion = rules.extraregion || []).push({cells: w});
      }
    });
  }

  // ---- Where the pointer is: in cells (x the column, y the row, fractional).

  function pointAt(e, n, margin = 0) {
    // ``margin``: cells outside the grid that count too (a clue there is selected).
    const svg = boardBox.querySelector("svg");
    if (!svg) return null;
    const box = svg.getBoundingClientRect(), scale = (2 * M + n * C) / box.width;
    const x = ((e.clientX - box.left) * scale - M) / C, y = ((e.clientY - box.top) * scale - M) / C;
    return x >= -margin && x < n + margin && y >= -margin && y < n + margin ? {x, y} : null;
  }
  const cellOf = (p, n) => Math.floor(p.y) * n + Math.floor(p.x);
  function edgeAt(p, n) {
    // The side of the cell clicked nearest the click, when a cell is across it.
    const r = Math.floor(p.y), c = Math.floor(p.x), fx = p.x - c, fy = p.y - r;
    const sides = [[fy, r - 1, c], [1 - fy, r + 1, c], [fx, r, c - 1], [1 - fx, r, c + 1]]
      .filter(([, rr, cc]) => rr >= 0 && rr < n && cc >= 0 && cc < n).sort((a, b) => a[0] - b[0]);
    if (!sides.length) return null;
    const other = sides[0][1] * n + sides[0][2], here = r * n + c;
    return here < other ? [here, other] : [other, here];
  }
  // The most cells a drag with the tool in use may cover, the server's limits:
  // different digits 1-n in a cage, a renban line and a thermometer; an arrow's
  // line (after its bulb of one cell) sums to at most n.
  const longest = n => ({cage: n, renban: n, thermo: n, arrow: drag.bulb ? 2 : drag.from ? n * n : n + 1})[tool] || n * n;
  function extend(cell, n) {
    // Step from where the drag is to ``cell``: king steps for a line, rook steps
    // for a cage; a line steps back over its last cell, and never crosses itself.
    // A bulb takes rook steps too, up to its two cells; a line from a bulb never enters it.
    // Nothing grows past `longest` (the drag stops there, and says why).
    const cells = drag.cells, rook = isCage(tool) || drag.bulb, most = longest(n);
    for (let guard = 0; guard < 2 * n && drag.at !== cell; guard++) {
      const lr = Math.floor(drag.at / n), lc = drag.at % n, dr = Math.sign(Math.floor(cell / n) - lr), dc = Math.sign(cell % n - lc);
      const next = rook && dr && dc ? (lr + dr) * n + lc : (lr + dr) * n + lc + dc;
      const fresh = !cells.includes(next);
      if (fresh && cells.length >= most && !drag.bulb) { told = limitNote(most); return; }
      if (drag.bulb) { if (!fresh) { /* back over it */ } else if (cells.length < 2) cells.push(next); else return; }
      else if (isCage(tool)) { if (fresh) cells.push(next); }
      else if (drag.from && drag.from.includes(next) && next !== cells[0]) return;
      else if (cells.length > 1 && cells[cells.length - 2] === next) { cells.pop(); told = null; }
      else if (!fresh) return;
      else cells.push(next);
      drag.at = next;
    }
  }
  function limitNote(most) {
    if (tool === "cage") return "A cage holds at most " + most + " cells (different digits).";
    if (tool === "arrow") return "An arrow's line from a bulb of one cell has at most " + (most - 1) + " cells (its sum is a digit).";
    return "A " + TOOL[tool].name + " has at most " + most + " cells (different digits).";
  }
  function pick(p, n) {
    // The rules under the click, nearest first (a dot by its edge's middle,
    // a rule by its cells); clicking again where several meet takes the next.
    const near = [];
    for (const u of units(page.state())) {
      let d = u.clue ? Math.hypot(p.x - u.clue.x, p.y - u.clue.y) : Infinity;
      if (u.kind === "dot" && u.cells.length === 2) {
        const [a, b] = u.cells;
        d = Math.hypot(p.x - ((a % n + b % n) / 2 + 0.5), p.y - ((Math.floor(a / n) + Math.floor(b / n)) / 2 + 0.5));
      } else {
        for (const i of u.cells) d = Math.min(d, Math.max(0, Math.abs(p.x - i % n - 0.5) - 0.5, Math.abs(p.y - Math.floor(i / n) - 0.5) - 0.5) + 0.25);
      }
      if (d < 0.5) near.push([d, u.cells.length, u.id]);
    }
    near.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const ids = near.map(item => item[2]), at = ids.indexOf(selectedId);
    selectedId = ids.length ? ids[(at + 1) % ids.length] : null;
    render();
  }

  // ---- Events: the board's pointer and the keys, before the page's own.

  function onDown(e) {
    const s = page.state();
    if (!tool || e.button !== 0 || page.stepping() || !s) return;
    const p = pointAt(e, s.n, tool === "select" ? 1 : 0);
    if (!p) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    told = null;
    if (tool === "select") pick(p, s.n);
    else if (tool in EDGES) placeEdge(p, s.n);
    else if (tool in MARKS) markCell(cellOf(p, s.n), s.n);
    else {
      const at = cellOf(p, s.n);
      drag = {cells: [at], at};
      // The arrow: Shift-drag draws a bulb (one or two cells); a drag from that bulb, its line.
      if (tool === "arrow" && (e.shiftKey || bulbNext)) { dropBulb(); drag.bulb = true; }
      else if (tool === "arrow" && bulb && bulb.includes(at)) drag.from = bulb;
      else dropBulb();
      try { boardBox.setPointerCapture(e.pointerId); } catch (_) { /* a finished pointer */ }
      render();
    }
  }
  function onMove(e) {
    if (!drag) return;
    const n = page.state().n, p = pointAt(e, n);
    e.stopImmediatePropagation();
    if (p) { extend(cellOf(p, n), n); render(); }
  }
  function onUp(e) {
    if (!drag) return;
    e.stopImmediatePropagation();
    if (e.type === "pointercancel") { drag = null; render(); } else finishDrag(page.state().n);
  }
  boardBox.addEventListener("pointerdown", onDown, true);
  boardBox.addEventListener("pointermove", onMove, true);
  boardBox.addEventListener("pointerup", onUp, true);
  boardBox.addEventListener("pointercancel", onUp, true);
  window.addEventListener("keydown", e => {
    const t = e.target;
    if (!tool || page.stepping() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "checkbox"))) return;
    const u = selectedUnit(), key = e.key, cage = !!u && CAGES.has(u.key);
    if (t && t.tagName === "BUTTON" && key === " ") return;
    const sum = cage ? page.state().rules[u.key][u.index].value : undefined;
    if (cage && (/^[0-9]$/.test(key) || (key === "Backspace" && sum !== undefined && sum !== ""))) typeSum(u, key);
    else if (u && (key === "Delete" || key === "Backspace")) remove(u);
    else if (key === "Escape") { if (u) selectedId = null; else if (bulb || bulbNext) dropBulb(); else tool = null; render(); }
    // The arrows and the like are the page's; no other key edits a cell,
    // since no cell is shown selected while a tool is in use.
    else if (key.length !== 1 && key !== "Delete" && key !== "Backspace") return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);

  // ---- The panel: the tools, the global rules and the selected rule.

  const panel = role("tools");
  function button(parent, key, label, title) {
    return board.html("button", {type: "button", "data-role": "tool", "data-tool": key, "aria-pressed": "false", title: title}, label, parent);
  }
  for (const [heading, group] of TOOLS) {
    const row = board.html("div", {class: "row"}, undefined, panel);
    board.html("span", {class: "note"}, heading + ":", row);
    for (const key in group) {
      button(row, key, group[key], key === "select" ? "click a rule to select it (Delete removes it)" : "draw: " + group[key])
        .addEventListener("click", () => { tool = tool === key ? null : key; selectedId = null; dropBulb(); render(); });
    }
  }
  const flags = board.html("div", {class: "row"}, undefined, panel);
  board.html("span", {class: "note"}, "Global:", flags);
  for (const key in FLAGS) button(flags, key, FLAGS[key], "a rule of the whole grid, on or off").addEventListener("click", () => toggle(key));
  const chosen = board.html("div", {class: "row"}, undefined, panel);
  const chosenText = board.html("span", {"data-role": "rule-selected", class: "note"}, "", chosen);
  const del = board.html("button", {type: "button", "data-role": "delete-rule", title: "delete the selected rule (Delete)"}, "Delete rule", chosen);
  const bulbButton = board.html("button", {type: "button", "data-role": "arrow-bulb", "aria-pressed": "false",
    title: "the next drag draws an arrow's bulb of two cells (tens first), as Shift-drag does; then drag the line from it"}, "Bulb of two cells", chosen);
  bulbButton.addEventListener("click", () => { const armed = !bulbNext; dropBulb(); bulbNext = armed; render(); });
  del.addEventListener("click", () => { const u = selectedUnit(); if (u) remove(u); });
  const statusBox = board.html("div", {"data-role": "tools-status", class: "note"}, "", panel);
  for (const b of document.querySelectorAll("[data-role=mode]")) b.addEventListener("click", () => { tool = null; selectedId = null; drag = null; dropBulb(); render(); });

  function render() { page.render(); }
  function toolNote(s) {
    // What the tool in use does next (the arrow's bulb told step by step), or why the drag stopped.
    if (told) return told;
    if (bulb) return "Bulb " + bulb.map(i => name(i, s.n).toLowerCase()).join(" ") + ": now drag the arrow's line from it (Escape drops it).";
    if (bulbNext) return "Drag across the bulb's two cells, tens first.";
    if (tool === "arrow") return "Tool: arrow (drag from the bulb; for a bulb of two cells, Shift-drag across them first)";
    return tool ? "Tool: " + tool : "";
  }
  function describe(u, s) {
    if (u.key === null) return "Selected: " + u.name + ".";
    const entry = s.rules[u.key][u.index], cells = u.cells.map(i => name(i, s.n).toLowerCase()).join(" ");
    const sum = CAGES.has(u.key) ? (entry.value ? ", sum " + entry.value : ", no sum yet: type it") : "";
    const what = u.key === "xv" && entry.value ? String(entry.value) : LABELS[u.key];
    return "Selected: the " + what + " " + cells + sum + ".";
  }
  return {
    // Is a tool in use (the board's clicks are its, not the cell selection's)?
    active: () => tool !== null,
    problems: sumProblems,
    // Called by the page's render, after the board is drawn.
    render: function (view) {
      const s = page.state();
      syncDrawing(s);
      if (tool && TOOL[tool] && !TOOL[tool].sizes.includes(s.n)) tool = null;  // the grid made smaller under it
      for (const b of panel.querySelectorAll("[data-role=tool]")) {
        const key = b.getAttribute("data-tool");
        b.setAttribute("aria-pressed", String(key in FLAGS ? flagOn(s, key) : key === tool));
        const t = TOOL[key];
        if (!t) continue;
        // Offered where the rule can hold (a rule of the whole grid that is on can still be turned off).
        b.disabled = !t.sizes.includes(s.n) && !(key in FLAGS && flagOn(s, key));
        b.title = b.disabled ? "no " + t.name + " on a " + s.n + "x" + s.n + " grid"
          : key in FLAGS ? "a rule of the whole grid, on or off" : "draw: " + t.label;
      }
      const u = selectedUnit();
      if (!u) selectedId = null;
      chosenText.textContent = u ? describe(u, s) : toolNote(s);
      del.disabled = !u;
      bulbButton.hidden = tool !== "arrow";
      bulbButton.setAttribute("aria-pressed", String(bulbNext));
      boardBox.classList.toggle("tooling", !!tool);
      boardBox.classList.toggle("outside", drawnUnits(s).some(x => x.clue));
      overlay(view, s, u);
      markDrawn(view, u);
    },
  };

  // ---- Drawing: the server's drawing of the rules, kept per set of rules.

  // A cage's sum being typed passes through sums no cage of its size can have
  // (the 1 of 10 under four cells): said, as the server would say it, and
  // sent nowhere, nor drawn (the last drawing stays). The tools make no other
  // rule the server refuses (`longest`, the X and disjoint groups off where they cannot be); rules pasted in are the server's to judge.
  function sumProblems(s) {
    const out = [], n = s.n;
    for (const entry of s.rules && Array.isArray(s.rules.killercage) ? s.rules.killercage : []) {
      const k = entry && Array.isArray(entry.cells) ? entry.cells.length : 0, total = entry ? String(entry.value ?? "") : "";
      if (!k || k > n || !/^[0-9]+$/.test(total)) continue;
      // k different digits 1-n make every sum from 1+...+k to (n-k+1)+...+n.
      if (Number(total) < k * (k + 1) / 2 || Number(total) > k * (2 * n - k + 1) / 2) {
        out.push("the killer cage " + cellList(cellsOf(entry.cells, n), n) + " (sum " + Number(total) + "): no " + k +
          " different digits 1-" + n + " sum to " + Number(total));
      }
    }
    for (const entry of s.rules && Array.isArray(s.rules.sumcage) ? s.rules.sumcage : []) {
      // A cage whose digits may repeat is nothing without its sum: k digits 1-n make k to k*n.
      const k = entry && Array.isArray(entry.cells) ? entry.cells.length : 0, total = entry ? String(entry.value ?? "") : "";
      const what = "the killer cage " + cellList(cellsOf(entry ? entry.cells : [], n), n);
      if (k && !/^[0-9]+$/.test(total)) out.push(what + " (digits may repeat): type its sum");
      else if (k && (Number(total) < k || Number(total) > k * n)) {
        out.push(what + " (sum " + Number(total) + ", digits may repeat): " + k + " digits 1-" + n + " cannot sum to " + Number(total));
      }
    }
    return out.length ? out.join("; ") : null;
  }
  function cellList(cells, n) {
    // As the server names a rule's cells: r1c1-r1c2-...; past twelve, the first ten, the last and the count.
    const names = cells.map(i => name(i, n).toLowerCase());
    return names.length > 12 ? names.slice(0, 10).join("-") + "-\u2026-" + names[names.length - 1] + " (" + names.length + " cells)" : names.join("-");
  }
  function syncDrawing(s) {
    if (!s.rules || sumProblems(s)) return;
    const key = drawKey(s);
    if (drawings.has(key)) {
      const drawing = drawings.get(key);
      if (drawing !== null && drawing.svg !== s.rulesSvg) { s.rulesSvg = drawing.svg; page.drawRules(); }
      return;
    }
    if (asked === key) return;
    asked = key;
    // A sum being typed waits a moment, so that it is drawn once, not digit by
    // digit (a first digit alone is often no possible sum); the wait is
    // shorter than the check's, which keeps the page busy meanwhile.
    clearTimeout(drawTimer);
    if (typing) drawTimer = setTimeout(() => askDrawing(s, key), 150);
    else askDrawing(s, key);
    typing = false;
  }
  function askDrawing(s, key) {
    // The rules alone on rows for regions: the drawing needs nothing else, and a
    // layout being drawn (not yet valid) does not stop it.
    const rows = {n: s.n, givens: new Array(s.n * s.n).fill(0), regions: s.regions.map((_, i) => Math.floor(i / s.n)), rules: s.rules};
    page.request("rules", "/api/read", {puzzle: page.fpuzzles(rows, false)}, (status, data) => {
      if (drawings.size > 200) drawings.clear();
      const svg = status === 200 ? data.rules_svg || "" : "";
      drawings.set(key, status === 200 ? {svg, rules: data.rules || [], cells: [...svg.matchAll(/<g [^>]*data-cells="([^"]*)"/g)].map(m => m[1])} : null);
      statusBox.textContent = status === 200 ? "" : "The rules cannot be drawn: " + page.problem(status, data);
      statusBox.classList.toggle("error", status !== 200);
      if (asked === key) asked = null;
      render();
    }, message => { statusBox.textContent = message; if (asked === key) asked = null; });
  }
  function overlay(view, s, u) {
    // The drag being made and the selected rule, over everything (never in the pointer's way).
    let layer = view.svg.querySelector("#tools-layer");
    if (!layer) layer = board.el("g", {id: "tools-layer", "pointer-events": "none"}, view.svg);
    layer.textContent = "";
    const centre = i => [M + (i % s.n + 0.5) * C, M + (Math.floor(i / s.n) + 0.5) * C];
    if (drag) {
      const points = drag.cells.map(i => centre(i).join(",")).join(" ");
      if (isCage(tool)) for (const i of drag.cells) board.el("rect", {x: centre(i)[0] - C / 2 + 3, y: centre(i)[1] - C / 2 + 3, width: C - 6, height: C - 6, fill: "none", stroke: "#2a5db0", "stroke-width": 2, "stroke-dasharray": "4 3"}, layer);
      else board.el("polyline", {points, fill: "none", stroke: "#2a5db0", "stroke-width": C * 0.12, "stroke-opacity": 0.5, "stroke-linecap": "round", "stroke-linejoin": "round"}, layer);
    }
    const ring = (i, attrs) => board.el("rect", Object.assign({x: centre(i)[0] - C / 2 + 4, y: centre(i)[1] - C / 2 + 4, width: C - 8, height: C - 8,
      rx: C / 2 - 4, fill: "none", stroke: "#2a5db0", "stroke-width": 2, "stroke-dasharray": "4 3"}, attrs), layer);
    for (const i of drag && drag.bulb ? drag.cells : bulb || []) ring(i, {class: "bulb-pending"});
    if (!u) return;
    if (u.clue) {
      board.el("circle", {cx: M + u.clue.x * C, cy: M + u.clue.y * C, r: C * 0.42, fill: "none", stroke: "#f57c00", "stroke-width": 3, class: "rule-selected"}, layer);
    }
    if (u.kind === "dot" && u.cells.length === 2) {
      const [a, b] = u.cells.map(centre);
      board.el("circle", {cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r: C * 0.2, fill: "none", stroke: "#f57c00", "stroke-width": 3, class: "rule-selected"}, layer);
      return;
    }
    for (const i of u.cells) {
      board.el("rect", {x: centre(i)[0] - C / 2 + 1, y: centre(i)[1] - C / 2 + 1, width: C - 2, height: C - 2, fill: "#f57c00", "fill-opacity": 0.18, stroke: "#f57c00", "stroke-width": 2, class: "rule-selected"}, layer);
    }
  }
  function markDrawn(view, u) {
    // The drawn rules the selection and the conflict name: data-selected, data-conflict.
    const drawn = view.rulesLayer ? [...view.rulesLayer.querySelectorAll(":scope > g[data-rule]")] : [];
    const a = page.analysis(), told = a && a.rules && a.rules.length === drawn.length ? a.rules : null;
    const conflict = new Set(told && a.conflict_rules ? a.conflict_rules : []);
    const cells = u ? u.cells.map(i => name(i, page.state().n).toLowerCase()) : null;
    let marked = false;
    drawn.forEach((g, k) => {
      const on = u && u.key === null ? k === u.drawn
        : !!cells && !marked && g.getAttribute("data-rule") === u.kind && sameCells((g.getAttribute("data-cells") || "").split(" "), cells);
      marked = marked || on;
      if (on) g.setAttribute("data-selected", "true"); else g.removeAttribute("data-selected");
      if (told && conflict.has(told[k].name)) g.setAttribute("data-conflict", "true"); else g.removeAttribute("data-conflict");
    });
  }
}
