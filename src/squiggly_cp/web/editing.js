// The workbench's editing aids (issue 41, part 3): the puzzle's title, author
// and rules text; the on-screen digit pad; several cells selected at once;
// and the question before a size change wipes the grid. web/page.py inlines
// this inside the page's script (at /*__EDITING_JS__*/), whose names it
// shares: S (the puzzle being edited), selected, mode, edit(), render()...
// It also opens a link given in the page's address (#puzzle=LINK).

// ---- The metadata: S.meta {title, author, rules}, kept in the address,
// sent with the exports (f-puzzles JSON with "title", "author", "ruleset").

const META_FIELDS = ["title", "author", "rules"];
const META_KEYS = {title: "title", author: "author", rules: "ruleset"};  // f-puzzles' names, in the address too
let metaTyping = null;   // the field being typed in: its keystrokes are one undo step
let exportTimer = null;  // exports waiting for the typing to pause

function blankMeta() { return {title: "", author: "", rules: ""}; }
function metaKey(s) { return META_FIELDS.map(f => s.meta[f]).join("\u0000"); }
function metaHash(s) {
  return META_FIELDS.filter(f => s.meta[f]).map(f => "&" + META_KEYS[f] + "=" + encodeURIComponent(s.meta[f])).join("");
}
function metaFromHash(fields, s) {
  for (const f of META_FIELDS) s.meta[f] = fields[META_KEYS[f]] || "";
}
// What the exports are made from: with any metadata, f-puzzles JSON carrying it.
function exportText(s) {
  if (!META_FIELDS.some(f => s.meta[f])) return puzzleText(s);
  const doc = JSON.parse(fpuzzlesText(s, false));
  for (const f of META_FIELDS) if (s.meta[f]) doc[META_KEYS[f]] = s.meta[f];
  return JSON.stringify(doc);
}
// The metadata alone changed: the links follow it once the typing pauses
// (the puzzle's check, when one is due, makes them itself).
function metaEdited() {
  clearTimeout(exportTimer);
  exportTimer = null;
  if (!analysis || checkTimer !== null || inflight.quick) return;
  clearExports("updating the links");
  exportTimer = setTimeout(() => {
    exportTimer = null;
    if (analysis && checkTimer === null && !inflight.quick) refreshExports();  // else a check makes them
    updateState();
  }, DELAY);
  updateState();
}
function typeMeta(field, value) {
  if (metaTyping === field && undoStack.length && !stepsCase) {
    S.meta[field] = value;
    saveHash();
    metaEdited();
    return;
  }
  edit(s => { s.meta[field] = value; });
  metaTyping = field;
}
for (const field of META_FIELDS) {
  const box = role(field);
  box.addEventListener("focus", () => { metaTyping = null; });
  box.addEventListener("blur", () => { metaTyping = null; });
  box.addEventListener("input", () => typeMeta(field, box.value));
}
function drawMeta() {
  for (const f of META_FIELDS) if (role(f).value !== S.meta[f]) role(f).value = S.meta[f];
}
// An address #puzzle=TEXT opens TEXT (URL-encoded: any link or text the Load
// box takes) as if pasted there; the address then becomes the page's own.
const openedAt = location.hash;
function openFromAddress(hash) {
  const found = /^#puzzle=([^]+)$/.exec(hash);
  if (!found) return;
  let text = found[1];
  try { text = decodeURIComponent(text); } catch (_) { /* taken as it is */ }
  role("input").value = text;
  role("load").click();
}
window.addEventListener("hashchange", () => openFromAddress(location.hash));

// What /api/read says besides the grid: the metadata, and a position's
// entered digits and pencil marks. Returns what the load message adds.
function readLoaded(s, data) {
  s.meta = {title: data.title || "", author: data.author || "", rules: data.rules_text || ""};
  const area = s.n * s.n;
  let digits = 0, marked = 0;
  if (typeof data.digits === "string" && data.digits.length === area) {
    for (let i = 0; i < area; i++) {
      const d = DIGITS.indexOf(data.digits[i]) + 1;
      if (d > 0 && d <= s.n && !s.givens[i]) { s.entered[i] = d; digits++; }
    }
  }
  if (Array.isArray(data.marks) && data.marks.length === area) {
    for (let i = 0; i < area; i++) {
      let mask = 0;
      for (const ch of String(data.marks[i])) { const d = DIGITS.indexOf(ch) + 1; if (d > 0 && d <= s.n) mask |= 1 << (d - 1); }
      if (mask && !s.givens[i] && !s.entered[i]) { s.pencil[i] = mask; marked++; }
    }
  }
  if (!digits && !marked) return "";
  return ", with " + [digits ? digits + " digit" + (digits === 1 ? "" : "s") : "",
    marked ? "pencil marks in " + marked + " cell" + (marked === 1 ? "" : "s") : ""].filter(x => x).join(" and ");
}

// ---- Several cells selected: shift-click or Shift+arrow adds a cell,
// ctrl-click (cmd on a Mac) adds or removes one, a drag selects every cell it
// crosses; a digit, a pad key or Delete then applies to them all, as one undo step.

let picked = null;    // a Set of the selected cells when there are several (`selected` among them)
let picking = false;  // a drag is selecting cells

function selection() { return picked ? [...picked].sort((a, b) => a - b) : [selected]; }
function isSelected(i) { return picked ? picked.has(i) : i === selected; }
function pick(i) {
  if (i < 0 || isSelected(i)) return;
  if (!picked) picked = new Set([selected]);
  picked.add(i);
  selected = i;
  drawCells(); drawMarks();
}
function pickStart(e, i) {
  if (e.ctrlKey || e.metaKey) {
    if (isSelected(i) && picked && picked.size > 1) {
      picked.delete(i);
      if (selected === i) selected = picked.values().next().value;
      if (picked.size === 1) picked = null;
      drawCells(); drawMarks();
      return;
    }
    pick(i);
  } else if (e.shiftKey) pick(i);
  else select(i);
  picking = true;
}
boardBox.addEventListener("pointermove", e => { if (picking && !stroke) pick(cellAt(e)); });
for (const name of ["pointerup", "pointercancel"]) boardBox.addEventListener(name, () => { picking = false; });
// Escape keeps just the cursor's cell; Shift+arrow adds the next cell (before
// the page's own arrow keys, which move a selection of one).
const STEPS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
document.addEventListener("keydown", e => {
  const t = e.target;
  if (stepsCase || (t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "checkbox")))) return;
  if (e.key === "Escape" && picked) { picked = null; drawCells(); drawMarks(); }
  if (!(e.key in STEPS) || !e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return;
  const n = S.n, [dr, dc] = STEPS[e.key], r = Math.floor(selected / n) + dr, c = selected % n + dc;
  if (r >= 0 && r < n && c >= 0 && c < n) pick(r * n + c);
  e.preventDefault();
  e.stopImmediatePropagation();
}, true);

// ---- The digit pad: 1-9, above 9x9 also 10-16 (typed A-G, and shown so),
// and erase; a key applies to the selected cells as typing does.

const pad = role("pad");
function drawPad() {
  pad.hidden = stepsCase !== null;
  if (pad.getAttribute("data-size") === String(S.n)) return;
  pad.setAttribute("data-size", String(S.n));
  pad.textContent = "";
  // One row of keys up to 9x9, two above it: a phone's width holds them all.
  pad.style.gridTemplateColumns = "repeat(" + (S.n <= 9 ? S.n + 1 : Math.ceil((S.n + 1) / 2)) + ", minmax(0, 1fr))";
  for (let d = 1; d <= S.n; d++) {
    const b = html("button", {type: "button", "data-digit": String(d), title: d > 9 ? d + " (" + DIGITS[d - 1] + ")" : String(d)},
      DIGITS[d - 1], pad);
    if (d > 9) html("small", {}, String(d), b);
  }
  html("button", {type: "button", "data-erase": "", title: "erase (Delete)", "aria-label": "erase"}, "\u232B", pad);
}
pad.addEventListener("click", e => {
  const b = e.target.closest("button");
  if (!b || stepsCase) return;
  if (b.hasAttribute("data-erase")) clearCell();
  else setDigit(Number(b.getAttribute("data-digit")));
});

// ---- A size change asks before it wipes a grid with anything on it.

function hasContent(s) {
  return lineForm(s) !== lineForm(blank(s.n)) || s.entered.some(d => d) || s.pencil.some(m => m) || !!s.rules ||
    META_FIELDS.some(f => s.meta[f]);
}
function wipeAllowed(n) {
  return !hasContent(S) || window.confirm("Start a blank " + n + "x" + n + " grid? This " + S.n + "x" + S.n +
    " puzzle (its givens, regions, digits, marks, title and rules) goes; Undo brings it back.");
}

function drawEditing() {
  drawMeta();
  drawPad();
}
