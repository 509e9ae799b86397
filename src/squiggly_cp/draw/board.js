// The board drawing shared by the `logic --html` page and the `serve`
// workbench: one global factory, squigglyBoard, with no other global name.
//
// A case is the object draw/page.py's `_case` builds: size, regions, houses
// (each house's cells, which a step's houses index), givens, background (SVG
// markup of the tinted cells and the walls), steps and positions. drawBoard(c) draws its board into the board element (an <svg
// id="grid"> with layers #shade, #cells, #marks, #links); every cell is a
// <g data-cell="rRcC" data-region="k" data-value data-candidates>.
// drawPosition(c, k) shows position k: the grid after steps 1..k, with step
// k+1 drawn on it.
"use strict";
function squigglyBoard(cellSize, margin, boardElement, palette) {
  const DIGITS = "123456789ABCDEFG";
  const SVGNS = "http://www.w3.org/2000/svg";
  const C = cellSize, M = margin;

  // An HTML element (the pages' lists, buttons and notes), as `el` makes SVG ones.
  function html(name, attrs, text, parent) {
    const node = document.createElement(name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVGNS, name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function sub(n) { return n <= 4 ? 2 : n <= 9 ? 3 : 4; }
  function cellXY(cell, n) { return [M + (cell % n) * C, M + Math.floor(cell / n) * C]; }
  function candXY(cell, digit, n) {
    const k = sub(n), [x, y] = cellXY(cell, n), w = C / k;
    return [x + ((digit - 1) % k + 0.5) * w, y + (Math.floor((digit - 1) / k) + 0.5) * w];
  }
  function cellName(cell, n) { return "r" + (Math.floor(cell / n) + 1) + "c" + (cell % n + 1); }
  function decode(position, n) {
    const width = Math.ceil(n / 4), digits = [], cands = [];
    for (let i = 0; i < n * n; i++) {
      const ch = position.d[i];
      digits.push(ch === "." ? 0 : DIGITS.indexOf(ch) + 1);
      cands.push(parseInt(position.c.substr(i * width, width), 16));
    }
    return [digits, cands];
  }
  // A step's houses index the case's table of houses (Layout.houses: rows, columns, regions, extra).
  function houseCells(house, c) { return c.houses[house]; }

  function defs(svg) {
    const d = el("defs", {}, svg);
    const patterns = [["p-house", "M0,8 l8,-8", "#2a6fdb", 8], ["p-base", "M0,8 l8,-8 M-2,2 l4,-4 M6,10 l4,-4", "#1f7a1f", 8],
      ["p-cover", "M0,0 l8,8 M-2,6 l4,4 M6,-2 l4,4", "#b35900", 8]];
    for (const [id, path, colour, size] of patterns) {
      const p = el("pattern", {id: id, patternUnits: "userSpaceOnUse", width: size, height: size}, d);
      el("path", {d: path, stroke: colour, "stroke-width": 1.6, opacity: 0.55}, p);
    }
    const dots = el("pattern", {id: "p-innies", patternUnits: "userSpaceOnUse", width: 7, height: 7}, d);
    el("circle", {cx: 3.5, cy: 3.5, r: 1.6, fill: "#6a1b9a", opacity: 0.6}, dots);
    const grid = el("pattern", {id: "p-outies", patternUnits: "userSpaceOnUse", width: 8, height: 8}, d);
    el("path", {d: "M0,4 h8 M4,0 v8", stroke: "#00695c", "stroke-width": 1.4, opacity: 0.6}, grid);
    for (const [id, colour] of [["a-strong", "#0b3d91"], ["a-weak", "#8a1c1c"]]) {
      const m = el("marker", {id: id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse"}, d);
      el("path", {d: "M0,0 L10,5 L0,10 z", fill: colour}, m);
    }
  }

  function drawBoard(c) {
    boardElement.textContent = "";
    const n = c.size, size = 2 * M + n * C;
    const svg = el("svg", {xmlns: SVGNS, width: size, height: size, viewBox: "0 0 " + size + " " + size, "font-family": "sans-serif", id: "grid"}, null);
    defs(svg);
    c.back = el("g", {id: "back"}, svg);
    if (typeof c.background === "string") c.back.innerHTML = c.background;
    else if (c.background) c.back.appendChild(c.background);
    c.layers = {shade: el("g", {id: "shade"}, svg), cells: el("g", {id: "cells"}, svg), marks: el("g", {id: "marks"}, svg), links: el("g", {id: "links"}, svg)};
    c.cellNodes = [];
    for (let i = 0; i < n * n; i++) {
      const [x, y] = cellXY(i, n);
      const g = el("g", {"data-cell": cellName(i, n), "data-region": c.regions[i], "data-value": "", "data-candidates": "",
        transform: "translate(" + x + "," + y + ")"}, c.layers.cells);
      el("rect", {width: C, height: C, fill: "none"}, g);
      c.cellNodes.push(g);
    }
    boardElement.appendChild(svg);
    return svg;
  }

  function drawPosition(c, k) {
    const n = c.size, [digits, cands] = decode(c.positions[k], n), step = k < c.steps.length ? c.steps[k] : null;
    const placed = {}, gone = {};
    if (step) {
      for (const [cell, digit] of step.placements) placed[cell] = digit;
      for (const [cell, digit] of step.eliminations) (gone[cell] = gone[cell] || []).push(digit);
    }
    const k2 = sub(n), small = C / k2;
    for (let i = 0; i < n * n; i++) {
      const g = c.cellNodes[i];
      while (g.childNodes.length > 1) g.removeChild(g.lastChild);
      const digit = digits[i];
      let list = "";
      for (let d = 1; d <= n; d++) if (!digit && (cands[i] >> (d - 1)) & 1) list += DIGITS[d - 1];
      g.setAttribute("data-value", digit ? DIGITS[digit - 1] : "");
      g.setAttribute("data-candidates", list);
      if (placed[i] !== undefined) g.setAttribute("data-placed", DIGITS[placed[i] - 1]); else g.removeAttribute("data-placed");
      if (gone[i]) g.setAttribute("data-eliminated", gone[i].slice().sort((a, b) => a - b).map(d => DIGITS[d - 1]).join(""));
      else g.removeAttribute("data-eliminated");
      if (digit) {
        const given = c.givens[i] !== 0;
        const t = el("text", {x: C / 2, y: C / 2 + C * 0.21, "text-anchor": "middle", "font-size": C * 0.6,
          fill: given ? "#000" : "#1f5fbf", "font-weight": given ? "bold" : "normal"}, g);
        t.textContent = DIGITS[digit - 1];
        continue;
      }
      for (let d = 1; d <= n; d++) {
        if (!((cands[i] >> (d - 1)) & 1)) continue;
        const cx = ((d - 1) % k2 + 0.5) * small, cy = (Math.floor((d - 1) / k2) + 0.5) * small;
        const isPlaced = placed[i] === d, isGone = gone[i] && gone[i].indexOf(d) >= 0;
        if (isPlaced) el("circle", {cx: cx, cy: cy, r: small * 0.46, fill: "#2e7d32", class: "placed"}, g);
        if (isGone) el("rect", {x: cx - small * 0.45, y: cy - small * 0.45, width: small * 0.9, height: small * 0.9, fill: "#ffd6d6", class: "eliminated"}, g);
        const t = el("text", {x: cx, y: cy + small * 0.3, "text-anchor": "middle", "font-size": small * 0.78,
          fill: isPlaced ? "#fff" : isGone ? "#a00000" : "#333", "font-weight": isPlaced || isGone ? "bold" : "normal"}, g);
        t.textContent = DIGITS[d - 1];
        if (isGone) {
          el("path", {d: "M" + (cx - small * 0.4) + "," + (cy - small * 0.4) + " L" + (cx + small * 0.4) + "," + (cy + small * 0.4) +
            " M" + (cx + small * 0.4) + "," + (cy - small * 0.4) + " L" + (cx - small * 0.4) + "," + (cy + small * 0.4),
            stroke: "#c62828", "stroke-width": 1.6}, g);
        }
      }
    }
    drawStep(c, step, cands);
  }

  function shadeCells(layer, cells, fill, c, stroke) {
    for (const i of cells) {
      const [x, y] = cellXY(i, c.size);
      el("rect", {x: x + 1, y: y + 1, width: C - 2, height: C - 2, fill: fill, stroke: stroke || "none", "stroke-width": stroke ? 2 : 0,
        "stroke-dasharray": stroke ? "5 3" : "none"}, layer);
    }
  }

  function drawStep(c, step, cands) {
    for (const name in c.layers) if (name !== "cells") c.layers[name].textContent = "";
    if (!step) return;
    const n = c.size, layers = c.layers;
    const roled = new Set();
    for (const role of step.roles) {
      if (role.houses) {
        for (const h of role.houses) roled.add(h);
        const fill = role.role === "base" ? "url(#p-base)" : role.role === "cover" ? "url(#p-cover)" : "url(#p-house)";
        for (const h of role.houses) shadeCells(layers.shade, houseCells(h, c), fill, c);
      } else {
        const fill = role.role === "outies" ? "url(#p-outies)" : role.role === "innies" ? "url(#p-innies)" : "url(#p-house)";
        shadeCells(layers.shade, role.cells, fill, c, role.role === "innies" || role.role === "outies" ? null : "#555");
      }
    }
    for (const h of step.houses) if (!roled.has(h)) shadeCells(layers.shade, houseCells(h, c), "url(#p-house)", c);
    for (const i of step.cells) {
      const [x, y] = cellXY(i, n);
      el("rect", {x: x + 2.5, y: y + 2.5, width: C - 5, height: C - 5, fill: "none", stroke: "#5e35b1", "stroke-width": 2.5}, layers.marks);
    }
    for (const [c1, d1, c2, d2, strong] of step.links) {
      let [x1, y1] = candXY(c1, d1, n), [x2, y2] = candXY(c2, d2, n);
      const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1, cut = C / sub(n) * 0.45;
      if (len < 2 * cut + 2) continue;
      x1 += dx / len * cut; y1 += dy / len * cut; x2 -= dx / len * cut; y2 -= dy / len * cut;
      el("line", {x1: x1, y1: y1, x2: x2, y2: y2, stroke: strong ? "#0b3d91" : "#8a1c1c", "stroke-width": strong ? 2.2 : 1.8,
        "stroke-dasharray": strong ? "none" : "5 3", "marker-end": strong ? "url(#a-strong)" : "url(#a-weak)",
        class: strong ? "link strong" : "link weak"}, layers.links);
    }
  }

  function legend(box) {
    box.innerHTML = "";
    const items = [["url(#p-house)", "houses of the step"], ["url(#p-base)", "fish base"], ["url(#p-cover)", "fish cover"],
      ["url(#p-innies)", "innies"], ["url(#p-outies)", "outies"]];
    const svg = el("svg", {width: 560, height: 66}, null);
    defs(svg);
    items.forEach(([fill, text], j) => {
      const x = 4 + (j % 3) * 185, y = 4 + Math.floor(j / 3) * 22;
      el("rect", {x: x, y: y, width: 16, height: 16, fill: fill, stroke: "#999"}, svg);
      el("text", {x: x + 22, y: y + 13, "font-size": 12}, svg).textContent = text;
    });
    el("circle", {cx: 12, cy: 56, r: 7, fill: "#2e7d32"}, svg);
    el("text", {x: 24, y: 60, "font-size": 12}, svg).textContent = "placed (white on a disc)";
    el("path", {d: "M190,50 l12,12 M202,50 l-12,12", stroke: "#c62828", "stroke-width": 2}, svg);
    el("text", {x: 208, y: 60, "font-size": 12}, svg).textContent = "eliminated (crossed)";
    el("line", {x1: 340, y1: 56, x2: 372, y2: 56, stroke: "#0b3d91", "stroke-width": 2.2, "marker-end": "url(#a-strong)"}, svg);
    el("text", {x: 378, y: 60, "font-size": 12}, svg).textContent = "strong";
    el("line", {x1: 430, y1: 56, x2: 462, y2: 56, stroke: "#8a1c1c", "stroke-width": 1.8, "stroke-dasharray": "5 3", "marker-end": "url(#a-weak)"}, svg);
    el("text", {x: 468, y: 60, "font-size": 12}, svg).textContent = "weak link";
    box.appendChild(svg);
  }

  // The tinted cells, thin lines and heavy walls of a layout, drawn here (as
  // render.board_svg draws them on the server) for a board being edited:
  // colours[k] is the palette index of region k.
  function regionsLayer(n, regions, colours, thin, wall) {
    const g = el("g", {}, null);
    const tints = el("g", {"shape-rendering": "crispEdges"}, g);
    for (let i = 0; i < n * n; i++) {
      const [x, y] = cellXY(i, n);
      el("rect", {class: "cell", x: x, y: y, width: C, height: C, fill: palette[colours[regions[i]] % palette.length]}, tints);
    }
    let d = "";
    for (let k = 1; k < n; k++) d += "M" + (M + k * C) + " " + M + "V" + (M + n * C) + "M" + M + " " + (M + k * C) + "H" + (M + n * C);
    el("path", {d: d, stroke: "#8a8a8a", "stroke-width": thin, fill: "none"}, g);
    const walls = el("g", {stroke: "#000000", "stroke-width": wall, "stroke-linecap": "square"}, g);
    const line = (x1, y1, x2, y2) => el("line", {class: "wall", x1: x1, y1: y1, x2: x2, y2: y2}, walls);
    for (let r = 0; r < n; r++) {
      for (let j = 0; j <= n; j++) {
        if (j === 0 || j === n || regions[r * n + j - 1] !== regions[r * n + j]) line(M + j * C, M + r * C, M + j * C, M + (r + 1) * C);
      }
    }
    for (let i = 0; i <= n; i++) {
      for (let c = 0; c < n; c++) {
        if (i === 0 || i === n || regions[(i - 1) * n + c] !== regions[i * n + c]) line(M + c * C, M + i * C, M + (c + 1) * C, M + i * C);
      }
    }
    return g;
  }

  return {DIGITS, SVGNS, el, html, sub, cellXY, candXY, cellName, decode, houseCells, defs, drawBoard, drawPosition, drawStep,
    shadeCells, legend, regionsLayer};
}
