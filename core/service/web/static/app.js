// The trainrun page: every answer comes from the HTTP API of `trainrun serve`
// (/titles, /examples, /import, /draw, /moves, /apply, /solve with its keep, /verify,
// /advise, streamed).
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  position: null,     // the position shown, in trainrun's own format
  history: [],        // earlier positions, for Undo
  future: [],         // positions undone, for Redo
  moves: null,        // promise of POST /moves for the position shown
  run: null,          // the routes listed (a /solve answer or a declared run), or null
  pinned: new Set(),  // train ids whose routes are kept on re-solve
  imported: [],       // positions of an imported game file, one per run
  examples: [],
  view: null,         // the board's viewBox [x, y, w, h] while zoomed or panned
  selected: null,     // the hex selected
  laying: null,       // the lay being turned on a hex (see startLay)
  previewing: null,   // {moves, run, label}: the preview drawn, until accepted or undone
};

// ---- talking to the service -------------------------------------------------------

const KEY = "trainrun-api-key";   // the server's key (trainrun serve --api-key), per tab

// A server started with --api-key answers 401 without it: ask for it, keep it for the tab.
function askKey() {
  const given = window.prompt("This server needs its key (trainrun serve --api-key):");
  if (given) sessionStorage.setItem(KEY, given);
  return Boolean(given);
}

async function send(path, body, asked = false) {
  const key = sessionStorage.getItem(KEY);
  const headers = key ? {"X-API-Key": key} : {};
  const response = await fetch(path, body === undefined ? {headers} : {
    method: "POST",
    headers: {...headers, "Content-Type": "application/json"},
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  // another call may have been given the key meanwhile: retry with it, else ask once
  if (response.status === 401 && !asked && (sessionStorage.getItem(KEY) !== key || askKey())) {
    return send(path, body, true);
  }
  if (!response.ok) {
    let message = `${path}: HTTP ${response.status}`;
    try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

async function call(path, body, accept = "json") {
  const response = await send(path, body);
  return accept === "json" ? response.json() : response.text();
}

// A streamed answer (application/x-ndjson): `onLine` is given each line's object as it
// comes; the answer is the last line's. A server answering plain JSON gives that.
async function callStream(path, body, onLine) {
  const response = await send(path, body);
  if (!(response.headers.get("Content-Type") || "").includes("ndjson") || !response.body) {
    return response.json();
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "", last = null;
  for (;;) {
    const {value, done} = await reader.read();
    buffered += decoder.decode(value || new Uint8Array(), {stream: !done});
    const lines = buffered.split("\n");
    buffered = done ? "" : lines.pop();
    for (const line of lines.filter((l) => l.trim())) {
      last = JSON.parse(line);
      if (last.error) throw new Error(last.error);
      onLine(last);
    }
    if (done) return last;
  }
}

function say(message, kind = "info") {
  const status = $("status");
  status.textContent = message;
  status.className = kind;
}

// Run `work`, showing `doing` meanwhile and any failure's one line after.
async function busy(doing, work) {
  say(doing + "…", "busy");
  document.body.classList.add("busy");
  try {
    const result = await work();
    if ($("status").className === "busy") say("");
    return result;
  } catch (error) {
    say(error.message, "error");
    return undefined;
  } finally {
    document.body.classList.remove("busy");
  }
}

// ---- the board: drawing, zoom and pan -----------------------------------------------

function boardSvg() {
  return $("board").querySelector("svg");
}

function parseSvg(text) {
  return new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
}

// Draw the board of `position` with `run`; `kind` says what is drawn (board, run, verify,
// preview); `caption` names the run drawn when it is not the best run ("Plan 2"). The zoom
// and pan stay while the drawing keeps its size.
async function draw(run = null, position = state.position,
                    {kind = null, verify = false, caption = null} = {}) {
  const path = verify ? `/draw?verify=true&time_limit=${timeLimit()}` : "/draw";
  const body = caption && run ? {position, run, caption: caption.toLowerCase()} : {position, run};
  const text = await call(path, body, "text");
  const picture = document.importNode(parseSvg(text), true);
  const size = [picture.getAttribute("width"), picture.getAttribute("height")].join("x");
  const old = boardSvg();
  if (!old || old.dataset.size !== size) state.view = null;
  picture.dataset.size = size;
  $("board").style.setProperty("--board-aspect", size.replace("x", " / "));
  picture.removeAttribute("width");
  picture.removeAttribute("height");
  $("board").replaceChildren(picture);
  $("board").dataset.drawn = kind || (run ? "run" : "board");
  setView(state.view);
  markSelected();
}

// The part of the drawing shown: [x, y, width, height] of the SVG's viewBox.
function currentView() {
  const b = boardSvg().viewBox.baseVal;
  return [b.x, b.y, b.width, b.height];
}

// Show `view` of the drawing (null: the whole of it, as drawn).
function setView(view) {
  const svg = boardSvg();
  if (!svg) return;
  if (!svg.dataset.full) svg.dataset.full = currentView().join(" ");
  state.view = view;
  svg.setAttribute("viewBox", view ? view.join(" ") : svg.dataset.full);
}

// The board point under the screen point (x, y).
function boardPoint(x, y) {
  return new DOMPoint(x, y).matrixTransform(boardSvg().getScreenCTM().inverse());
}

// Zoom by `factor` (< 1: closer) about the screen point (x, y), the board's centre by default.
function zoom(factor, x = null, y = null) {
  const svg = boardSvg();
  if (!svg) return;
  const full = svg.dataset.full.split(" ").map(Number);
  const [vx, vy, vw, vh] = currentView();
  const f = Math.min(Math.max(factor, 0.05 * full[2] / vw), 1.5 * full[2] / vw);
  const box = svg.getBoundingClientRect();
  const p = boardPoint(x ?? box.left + box.width / 2, y ?? box.top + box.height / 2);
  setView([p.x - (p.x - vx) * f, p.y - (p.y - vy) * f, vw * f, vh * f]);
}

function pan(dx, dy) {
  const svg = boardSvg();
  const scale = svg.getScreenCTM().a;
  const [vx, vy, vw, vh] = currentView();
  setView([vx - dx / scale, vy - dy / scale, vw, vh]);
}

// Mouse and touch on the board through pointer events: one pointer drags, two pinch.
const pointers = new Map();
let dragged = false;

function pointerDown(event) {
  pointers.set(event.pointerId, {x: event.clientX, y: event.clientY, startX: event.clientX,
                                 startY: event.clientY});
  if (pointers.size === 1) dragged = false;
}

function pointerMove(event) {
  const was = pointers.get(event.pointerId);
  if (!was || !boardSvg()) return;
  const now = {...was, x: event.clientX, y: event.clientY};
  if (pointers.size === 1) {
    if (Math.hypot(now.x - was.startX, now.y - was.startY) > 6) dragged = true;
    if (dragged) pan(now.x - was.x, now.y - was.y);
  } else if (pointers.size === 2) {
    const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)[1];
    const before = Math.hypot(was.x - other.x, was.y - other.y);
    const after = Math.hypot(now.x - other.x, now.y - other.y);
    dragged = true;
    pan((now.x - was.x) / 2, (now.y - was.y) / 2);
    if (before > 0 && after > 0) zoom(before / after, (now.x + other.x) / 2, (now.y + other.y) / 2);
  }
  pointers.set(event.pointerId, now);
}

function pointerUp(event) {
  pointers.delete(event.pointerId);
}

function wheel(event) {
  if (!boardSvg()) return;
  event.preventDefault();
  zoom(Math.pow(1.0015, event.deltaY), event.clientX, event.clientY);
}

// ---- the selected hex ---------------------------------------------------------------

function hexGroup(hex, svg = boardSvg()) {
  return svg && svg.querySelector(`g[data-hex="${hex}"]`);
}

// The outline of a drawn hex: its face, or else its first polygon.
function hexFace(group) {
  return group.querySelector("polygon.hex-face") || group.querySelector("polygon");
}

function hexCentre(group) {
  const face = hexFace(group);
  const points = [...face.points];
  return [points.reduce((s, p) => s + p.x, 0) / points.length,
          points.reduce((s, p) => s + p.y, 0) / points.length];
}

// An outline over the selected hex (in each panel of a drawing that has several).
function markSelected() {
  const svg = boardSvg();
  if (!svg) return;
  for (const old of svg.querySelectorAll(".selected-hex")) old.remove();
  if (!state.selected) return;
  for (const group of svg.querySelectorAll(`g[data-hex="${state.selected}"]`)) {
    const face = hexFace(group);
    if (!face) continue;
    const outline = face.cloneNode(false);   // the hex's outline, in the SVG namespace
    for (const name of [...outline.getAttributeNames()]) {
      if (name !== "points") outline.removeAttribute(name);
    }
    outline.setAttribute("class", "selected-hex");
    outline.dataset.hex = state.selected;
    group.parentNode.append(outline);
  }
}

// A line over the board on what was clicked (a refused token, a hex with no lay), where a
// player looking at the board sees it; "" hides it.
function boardNote(text) {
  $("board-note").textContent = text;
  $("board-note").hidden = !text;
}

function select(hex) {
  state.selected = hex;
  $("hex-name").textContent = hex || "";
  markSelected();
}

// ---- the position -------------------------------------------------------------------

// Show `position`: a change is remembered for Undo (`remember`), forgetting what was undone;
// a `fresh` position (an example, a game's run, a position given) starts a new history.
async function setPosition(position, {remember = true, keepFuture = false,
                                      fresh = false} = {}) {
  if (fresh) {
    state.history = [];
    state.selected = null;
    $("hex-name").textContent = "";
  } else if (remember && state.position) {
    state.history.push(state.position);
  }
  if (!keepFuture) state.future = [];
  state.position = position;
  state.moves = null;
  state.pinned.clear();
  endLay();
  endPreview();
  showUndo();
  $("position-text").value = JSON.stringify(position, null, 1);
  const title = $("title");
  if ([...title.options].some((o) => o.value === position.title)) title.value = position.title;
  $("summary").textContent = `${position.company} · phase ${position.phase}`;
  $("lays").replaceChildren();
  clearRun();
  $("verdict").replaceChildren();
  $("plans").replaceChildren();
  $("advise-progress").textContent = "";
  showTrains();
  await draw();
}

function showUndo() {
  $("undo").disabled = state.history.length === 0 && !state.laying && !state.previewing;
  $("redo").disabled = state.future.length === 0;
}

async function undo() {
  if (state.laying) {          // a lay being turned: dropped, the board as it was
    endLay();
    showUndo();
    return;
  }
  if (state.previewing) {      // a preview: dropped
    await discardPreview();
    return;
  }
  const before = state.history.pop();
  if (!before) return;
  state.future.push(state.position);
  await setPosition(before, {remember: false, keepFuture: true});
}

async function redo() {
  const after = state.future.pop();
  if (!after) return;
  state.history.push(state.position);
  await setPosition(after, {remember: false, keepFuture: true});
}

async function applyMoves(moves) {
  const after = await call("/apply", {position: state.position, moves});
  await setPosition(after);
  return after;
}

async function readGiven(text) {
  const data = JSON.parse(text);
  if (Array.isArray(data.actions)) {           // an 18xx.games game file
    const answer = await call("/import?runs=true", text);
    state.imported = answer.positions;
    if (!state.imported.length) throw new Error("game: no run_routes to show");
    const slider = $("run-slider");
    slider.max = String(state.imported.length - 1);
    slider.value = slider.max;
    $("import-runs").hidden = false;
    await showImported();
  } else {                                     // a position: read back in the own format
    $("import-runs").hidden = true;
    await setPosition(await call("/apply", {position: data, moves: []}), {fresh: true});
    $("run-text").value = data.declared ? JSON.stringify(data.declared) : "";
  }
}

// "Run 3 of 5 · OR 2.1 · B&O, president Alice · declared $80 · action 53": what the
// import says of the run; a field it does not give is left out.
function runLabel(index, position) {
  const parts = [`Run ${index + 1} of ${state.imported.length}`];
  if (position.round) parts.push(position.round);
  parts.push(position.company + (position.president ? `, president ${position.president}` : ""));
  if (position.declared && position.declared.total !== undefined) {
    parts.push(`declared $${position.declared.total}`);
  }
  if (position.action !== undefined) parts.push(`action ${position.action}`);
  return parts.join(" · ");
}

async function showImported() {
  const index = Number($("run-slider").value);
  const position = state.imported[index];
  $("run-label").textContent = runLabel(index, position);
  // the Declared box follows the run: its own declared run, or empty
  $("run-text").value = position.declared ? JSON.stringify(position.declared) : "";
  await setPosition(whatIfBoard(position), {fresh: true});
}

// A run's position is past its lays and tokens (turn step Route): on the page its board is
// for what-ifs, so it is shown without that turn state (lays, tokens and advice weigh the
// turn as if to make again; the run declared stays).
function whatIfBoard(position) {
  if (!position.turn || position.turn.step !== "Route") return position;
  const board = {...position};
  delete board.turn;
  return board;
}

// ---- lays and tokens ----------------------------------------------------------------

function clickBoard(event) {
  if (dragged) { dragged = false; return undefined; }   // the end of a drag, not a click
  if (!state.position) return undefined;
  if (state.previewing) {
    say("This is a preview: Accept or Discard it first.");
    return undefined;
  }
  const hex = event.target.closest("[data-hex]");
  if (state.laying && (event.target.closest(".candidate") ||
                       (hex && hex.dataset.hex === state.laying.hex))) {
    turnLay(1);
    return undefined;
  }
  const city = event.target.closest("[data-city]");
  if (city) return busy("Asking", () => clickCity(city.dataset.city));
  if (hex) return busy("Asking", () => startLay(hex.dataset.hex));
  return undefined;
}

function legalMoves() {
  if (!state.moves) state.moves = call("/moves", state.position);
  return state.moves;
}

// Lays on a hex: the candidate tile is drawn over the hex and turned in place through its
// legal rotations; each candidate tile is drawn once (one /draw) and turned on the page.
async function startLay(hex, refusal = null) {
  const moves = await legalMoves();
  endLay();
  // a lay is turned on the board as it is: not on a verdict's two runs nor a preview
  if (["verify", "preview"].includes($("board").dataset.drawn)) {
    endPreview();
    await draw();
  }
  select(hex);
  const lays = moves.lays.filter((lay) => lay.hex === hex);
  const notes = refusal ? [note(refusal, "refusal")] : [];
  if (!lays.length) {
    const none = `No legal lay on ${hex} now.`;
    $("lays").replaceChildren(...notes, note(none));
    boardNote(refusal ? `${refusal}. ${none}` : none);
    showUndo();
    return;
  }
  boardNote(refusal || "");
  const tiles = [...new Set(lays.map((lay) => lay.tile))];
  state.laying = {hex, lays, tiles, tile: tiles[0], index: 0, drawn: new Map()};
  $("lays").replaceChildren(...notes, note(
      `${lays.length} legal lay${lays.length > 1 ? "s" : ""} on ${hex}: ` +
      tiles.map((t) => `tile ${t} (${lays.filter((l) => l.tile === t).length} rotation` +
                       `${lays.filter((l) => l.tile === t).length > 1 ? "s" : ""})`).join(", ")));
  $("lay-tiles").replaceChildren(...tiles.map((tile) => {
    const b = button(tile, () => busy("Drawing", () => chooseTile(tile)));
    b.dataset.tile = tile;
    b.className = "tile-choice";
    return b;
  }));
  $("lay-tools").hidden = false;
  showUndo();
  await chooseTile(tiles[0]);
}

function layOptions() {
  const laying = state.laying;
  return laying.lays.filter((lay) => lay.tile === laying.tile);
}

async function chooseTile(tile) {
  const laying = state.laying;
  if (!laying) return;
  laying.tile = tile;
  laying.index = 0;
  if (!laying.drawn.has(tile)) {
    const first = layOptions()[0];
    const text = await call("/draw", {position: state.position, moves: [first], run: null},
                            "text");
    const group = hexGroup(laying.hex, parseSvg(text));
    if (!group) throw new Error(`tile ${tile}: the drawing has no hex ${laying.hex}`);
    laying.drawn.set(tile, {group, rotation: first.rotation});
  }
  if (state.laying !== laying || laying.tile !== tile) return;   // another chosen meanwhile
  for (const b of $("lay-tiles").children) b.classList.toggle("chosen", b.dataset.tile === tile);
  showCandidate();
}

function turnLay(step) {
  const laying = state.laying;
  if (!laying || !laying.drawn.has(laying.tile)) return;
  const count = layOptions().length;
  laying.index = (laying.index + step + count) % count;
  showCandidate();
}

// The chosen tile drawn over its hex at the chosen rotation: its drawing at the rotation
// drawn, turned by 60° a step about the hex's centre, its text kept upright.
function showCandidate() {
  const laying = state.laying;
  const lay = layOptions()[laying.index];
  const svg = boardSvg();
  for (const old of svg.querySelectorAll(".candidate")) old.remove();
  const {group, rotation} = laying.drawn.get(laying.tile);
  const candidate = document.importNode(group, true);
  const [cx, cy] = hexCentre(hexGroup(laying.hex));
  const angle = 60 * (lay.rotation - rotation);
  candidate.setAttribute("class", "candidate");
  candidate.removeAttribute("data-hex");
  candidate.dataset.tile = lay.tile;
  candidate.dataset.rotation = lay.rotation;
  candidate.setAttribute("transform", `rotate(${angle} ${cx} ${cy})`);
  for (const text of candidate.querySelectorAll("text")) {
    text.setAttribute("transform", `rotate(${-angle} ${text.getAttribute("x")} ` +
                                   `${text.getAttribute("y")})`);
  }
  hexGroup(laying.hex).parentNode.append(candidate);
  markSelected();
  const tools = $("lay-tools");
  tools.dataset.tile = lay.tile;
  tools.dataset.rotation = lay.rotation;
  const count = layOptions().length;
  $("lay-text").textContent = `${laying.hex}: tile ${lay.tile}, rotation ${lay.rotation} ` +
      `(${laying.index + 1} of ${count} legal)` + (lay.cost ? `, $${lay.cost}` : "");
  $("lay-left").disabled = $("lay-right").disabled = count < 2;
}

async function acceptLay() {
  const laying = state.laying;
  if (!laying) return;
  const lay = layOptions()[laying.index];
  const move = {hex: lay.hex, tile: lay.tile, rotation: lay.rotation};
  await applyMoves([move]);
  say(`Laid ${describeMove(move)}.`);
}

function endLay() {
  state.laying = null;
  boardNote("");
  $("lay-tools").hidden = true;
  const svg = boardSvg();
  if (svg) for (const old of svg.querySelectorAll(".candidate")) old.remove();
}

// A city clicked: its token placed when legal; else the service's reason, and the hex's
// lays when it has some.
async function clickCity(cityId) {
  const [hex, city] = cityId.split(".");
  const moves = await legalMoves();
  const token = moves.tokens.find((t) => t.hex === hex && t.city === Number(city));
  if (token) {
    select(hex);
    const move = {hex: token.hex, city: token.city};
    await applyMoves([move]);
    say(`Placed ${describeMove(move)}` + (token.cost ? ` for $${token.cost}.` : "."));
    return;
  }
  let reason = "";
  try {
    await call("/apply", {position: state.position, moves: [{hex, city: Number(city)}]});
  } catch (error) {
    // the service's one line, without the field it names ("moves[0]: token: ...")
    reason = error.message.replace(/^moves\[0\]: /, "").replace(/^token[\w.]*: /, "");
  }
  await startLay(hex, `${state.position.company} may not place a token in ${hex} city ${city}` +
                      (reason ? ` — ${reason}` : " now"));
}

// ---- previews -----------------------------------------------------------------------

// The board after `moves`, drawn with `run` and marked as a preview until accepted
// (the moves made) or undone.
async function preview(moves, run = null, label = "Preview") {
  endLay();
  const after = await call("/apply", {position: state.position, moves});
  await draw(run, after, {kind: "preview", caption: label});
  state.previewing = {moves, run, label};
  $("preview-text").textContent = `${label}: the board after ` +
      moves.map(describeMove).join(", then ") +
      (run ? `, with its run ($${run.total})` : "") + ". Nothing is made until you accept.";
  $("preview").hidden = false;
  showUndo();
}

async function acceptPreview() {
  const previewing = state.previewing;
  if (!previewing) return;
  await applyMoves(previewing.moves);
  if (previewing.run) {
    await draw(previewing.run, state.position, {caption: previewing.label});
    showRun(previewing.run, previewing.label);
  }
}

function endPreview() {
  state.previewing = null;
  $("preview").hidden = true;
}

async function discardPreview() {
  endPreview();
  showUndo();
  await draw(state.run && state.run.drawn ? state.run : null);
}

function describeMove(move) {
  return move.tile !== undefined ? `${move.tile} on ${move.hex} rotation ${move.rotation}`
                                 : `a token in ${move.hex} city ${move.city}`;
}

// ---- trains -------------------------------------------------------------------------

function showTrains() {
  const list = $("trains");
  list.replaceChildren(...state.position.trains.map((train, i) => {
    const item = document.createElement("li");
    item.append(`${train.name} (${train.id})`);
    item.append(button("Remove", () => {
      const trains = state.position.trains.filter((_, j) => j !== i);
      busy("Drawing", () => setPosition({...state.position, trains}));
    }));
    return item;
  }));
}

function addTrain() {
  const name = $("train-name").value.trim();
  if (!name) return;
  const ids = new Set(state.position.trains.map((t) => t.id));
  let n = 0;
  while (ids.has(`${name}-page${n}`)) n++;
  const trains = [...state.position.trains, {id: `${name}-page${n}`, name}];
  busy("Drawing", () => setPosition({...state.position, trains}));
}

// ---- solving ------------------------------------------------------------------------

function timeLimit() {
  return Math.max(1, Number($("time-limit").value) || 60);
}

// The proven best run; with `keep` (routes of some trains) those routes stay as they are
// and the best is found for the other trains.
async function solve(keep = null) {
  clearRun();
  endLay();
  endPreview();
  const body = keep ? {position: state.position, keep} : state.position;
  const run = await call(`/solve?time_limit=${timeLimit()}`, body);
  if (!keep) state.pinned.clear();
  await draw(run);
  showRun(run, keep ? "Best run with the pinned routes kept" : "Best run");
}

function pinnedRoutes() {
  return {routes: state.run.routes.filter((r) => state.pinned.has(r.train))};
}

function clearRun() {
  state.run = null;
  for (const id of ["caption", "total"]) {
    $(id).textContent = "";
    delete $(id).dataset.caption;
  }
  delete $("total").dataset.total;
  delete $("total").dataset.status;
  $("routes").replaceChildren();
  $("income").replaceChildren();
  $("resolve").disabled = true;
}

function proof(run) {
  return run.status === "optimal" ? "optimal (proven)"
      : run.status === "not proven" ? `not proven (${(run.not_modelled || []).join("; ")} not modelled)`
          : `best found; proven bound $${run.bound}`;
}

function showRun(run, caption) {
  showRoutes(run, caption, `Total $${run.total} — ${proof(run)} — ` +
             `${Math.round(run.seconds * 1000)} ms`, incomeLines(run));
  state.run.drawn = true;
  $("total").dataset.total = run.total;
  $("total").dataset.status = run.status;
}

// Every line of a run's income beyond its routes' stops: company bonuses, fixed income,
// idle trains, and the income paid outside the run.
function incomeLines(answer) {
  const lines = (answer.company_bonuses || []).map((b) => [b.name, b.amount]);
  if (answer.fixed_income) lines.push(["fixed income", answer.fixed_income]);
  for (const train of answer.idle_trains || []) lines.push([`${train}: no route`, 0]);
  for (const income of answer.company_income || []) {
    lines.push([`${income.name} (not in the run, to the company)`, income.amount]);
  }
  return lines;
}

// The routes of `run` (a solve answer or a declared run), each with its stops and a pin,
// under `caption` (best run, declared run, plan N).
function showRoutes(run, caption, heading, income = []) {
  clearRun();
  state.run = run;
  $("caption").textContent = caption;
  $("caption").dataset.caption = caption;
  $("total").textContent = heading;
  $("routes").replaceChildren(...run.routes.map(routeItem));
  $("income").replaceChildren(...income.map(([name, amount]) => {
    const item = document.createElement("li");
    item.className = "income";
    item.dataset.amount = amount;
    item.textContent = `+ ${name}: $${amount}`;
    return item;
  }));
  $("resolve").disabled = state.pinned.size === 0;
}

function routeItem(route) {
  const item = document.createElement("li");
  item.className = "route";
  item.dataset.train = route.train;
  item.dataset.revenue = route.revenue;
  const head = document.createElement("label");
  const pin = document.createElement("input");
  pin.type = "checkbox";
  pin.className = "pin";
  pin.title = "Keep this route when re-solving the rest";
  pin.checked = state.pinned.has(route.train);
  pin.addEventListener("change", () => {
    if (pin.checked) state.pinned.add(route.train); else state.pinned.delete(route.train);
    $("resolve").disabled = state.pinned.size === 0;
  });
  const legality = route.legal === false ? " (illegal)" : "";
  head.append(pin, ` ${route.train_name} train (${route.train}): $${route.revenue}${legality}`);
  item.append(head);
  item.append(stopTable(route));
  return item;
}

function stopTable(route) {
  const stops = document.createElement("table");
  for (const stop of route.stops) {
    const row = stops.insertRow();
    row.className = stop.scored ? "stop" : "stop unscored";
    for (const text of [stop.node, stop.location || `(${stop.kind})`,
                        stop.scored ? String(stop.value) : `(${stop.value}, not scored)`]) {
      row.insertCell().textContent = text;
    }
  }
  for (const bonus of route.bonuses || []) {
    const row = stops.insertRow();
    row.className = "bonus";
    for (const text of ["+", `${bonus.name} (${bonus.where})`, String(bonus.value)]) {
      row.insertCell().textContent = text;
    }
  }
  return stops;
}

// ---- verify -------------------------------------------------------------------------

// The declared run checked: the routes declared beside the best, line by line, with the
// gap; the board drawn with both runs side by side.
async function verify() {
  endLay();
  endPreview();
  const text = $("run-text").value.trim();
  const body = {position: state.position};
  if (text) body.run = JSON.parse(text);
  else if (!state.position.declared) {
    throw new Error("Declared run: paste one (trainrun routes or an 18xx.games run_routes " +
                    "action), or open a game file's run, which carries its own");
  }
  const verdict = await call(`/verify?time_limit=${timeLimit()}`, body);
  state.pinned.clear();
  showRoutes({routes: verdict.routes}, "Declared run",
             `Declared $${verdict.declared_total}, ${verdict.legal ? "legal" : "illegal"}` +
             " — pin routes to keep them and re-solve the rest");
  showVerdict(verdict);
  await draw(body.run === undefined ? null : body.run, state.position,
             {kind: "verify", verify: true});
}

function showVerdict(verdict) {
  const box = $("verdict");
  const best = verdict.best || {routes: []};
  const table = document.createElement("table");
  table.className = "side-by-side";
  const head = table.createTHead().insertRow();
  for (const text of ["", "declared run", "best run"]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  const row = (label, declared, found, kind) => {
    const r = table.insertRow();
    r.className = kind;
    for (const text of [label, declared, found]) r.insertCell().textContent = text;
    return r;
  };
  const trains = [...new Set([...verdict.routes.map((r) => r.train),
                              ...best.routes.map((r) => r.train)])];
  for (const train of trains) {
    const declared = verdict.routes.find((r) => r.train === train);
    const found = best.routes.find((r) => r.train === train);
    const name = (declared || found).train_name;
    row(`${name} train (${train})`,
        declared ? `$${declared.revenue}` + (declared.legal ? "" : " illegal") : "—",
        found ? `$${found.revenue}` : "—", "train").dataset.train = train;
  }
  const declaredIncome = new Map(incomeLines(verdict));
  const bestIncome = new Map(incomeLines(best));
  for (const name of new Set([...declaredIncome.keys(), ...bestIncome.keys()])) {
    row(`+ ${name}`, declaredIncome.has(name) ? `$${declaredIncome.get(name)}` : "—",
        bestIncome.has(name) ? `$${bestIncome.get(name)}` : "—", "income");
  }
  row("total", `$${verdict.declared_total}`,
      `$${verdict.best_total}` + (verdict.best_status === "optimal" ? " (proven)"
                                                                    : ` (bound $${verdict.best_bound})`),
      "total");
  const gap = document.createElement("p");
  gap.className = "gap";
  gap.dataset.gap = verdict.gap;
  gap.textContent = !verdict.legal ? `The declared run is illegal; the best run earns ` +
                                     `$${verdict.best_total}.`
      : verdict.gap ? `The best run earns $${verdict.gap} more than the declared run.`
          : "The declared run is the best run.";
  const lines = [...verdict.violations,
                 ...(verdict.bonuses_not_earned || []).map((b) => `not earned: ${b.name} — ${b.why}`)];
  const stops = document.createElement("details");   // the best run's stops, on demand
  stops.className = "best-stops";
  const summary = document.createElement("summary");
  summary.textContent = "The best run's stops";
  stops.append(summary, ...best.routes.map((route) => {
    const item = document.createElement("div");
    item.className = "route";
    item.append(note(`${route.train_name} train (${route.train}): $${route.revenue}`),
                stopTable(route));
    return item;
  }));
  box.replaceChildren(table, gap, ...lines.map((line) => note(line, "violation")),
                      ...(best.routes.length ? [stops] : []));
  box.dataset.legal = verdict.legal;
  box.dataset.declared = verdict.declared_total;
  box.dataset.best = verdict.best_total;
  box.dataset.gap = verdict.gap;
}

// ---- advise -------------------------------------------------------------------------

// A gain as money with its sign: +$20, -$10, $0.
function signed(gain) {
  return gain > 0 ? `+$${gain}` : gain < 0 ? `-$${-gain}` : "$0";
}

function progressLine(p) {
  return `Weighing lays: ${p.solved} of ${p.plans} plans solved` +
         (p.best !== undefined && p.best !== null ? `, best gain so far ${signed(p.best)}` : "") +
         (p.elapsed !== undefined ? `, ${Number(p.elapsed).toFixed(1)} s` : "");
}

// What the advice says of itself: how far it got, and whether any lay improves the run.
function adviceSummary(answer) {
  const done = `${answer.candidates} plans, ${answer.boards_solved} boards solved in ` +
               `${Number(answer.seconds).toFixed(1)} s` +
               (answer.proven ? "; the best plan is proven" : "");
  if (answer.plans.length && answer.lay_improves === false) {
    return `${done}. No lay improves this run: no plan earns more than ` +
           `$${answer.no_lay.total} (proven).`;
  }
  if ((answer.not_modelled || []).length) {
    return `${done}. Not proven: a run rule trainrun does not model may pay here ` +
           `(${answer.not_modelled.join("; ")}).`;
  }
  if (answer.plans.length && !answer.lay_improves && (answer.plans[0].gain || 0) <= 0) {
    return `${done}. No plan found improves this run (not proven: the time limit ended ` +
           "the search).";
  }
  return done + ".";
}

// A plan's run as far as the advice got with it: solved (proven or with its bound), or only
// its bound, or not reached before the time limit.
function planRun(plan) {
  if (plan.total !== null && plan.total !== undefined) {
    return `run $${plan.total}` +
           (plan.status === "optimal" ? " (proven)"
            : plan.status === "not modelled" ? " (not proven: a run rule not modelled)"
            : ` (best found, bound $${plan.bound})`);
  }
  if (plan.bound !== null && plan.bound !== undefined) {
    return `not solved: ${plan.status}, at most $${plan.bound}`;
  }
  return "not reached before the time limit";
}

async function advise() {
  endLay();
  endPreview();
  const top = Math.max(1, Number($("advise-top").value) || 3);
  const progress = $("advise-progress");
  progress.textContent = "Weighing lays…";
  $("plans").replaceChildren();
  const last = await callStream(`/advise?stream=true&top=${top}`,   // within the server's budget
                                state.position, (line) => {
                                  if (line.progress) progress.textContent = progressLine(line.progress);
                                });
  const answer = last && last.advice ? last.advice : last;
  if (!answer || !Array.isArray(answer.plans)) {
    progress.textContent = "";
    throw new Error("advise: the answer ended before the advice came (try again)");
  }
  progress.textContent = adviceSummary(answer);
  const list = $("plans");
  list.replaceChildren(...answer.plans.slice(0, top).map((plan, i) => {
    const label = `Plan ${i + 1}`;
    const item = document.createElement("li");
    item.className = "plan";
    item.dataset.total = plan.total;
    item.append(`${label}: ${plan.moves.map(describeMove).join(", then ") || "no move"}` +
                ` (cost $${plan.cost}): ` + planRun(plan) +
                (plan.gain === null || plan.gain === undefined ? "" : `, ${signed(plan.gain)}`));
    const others = plan.alternatives || [];   // equivalent plans, merged into this one
    if (others.length) {
      const named = others.slice(0, 3).map((a) => a.moves.map(describeMove).join(", then "));
      item.append(note(`or ${named.join("; or ")}` +
                       (others.length > 3 ? `; or ${others.length - 3} more plans as good`
                                          : ""), "alternative"));
    }
    if (plan.run) {
      item.append(button("Preview", () => busy("Drawing", () => preview(plan.moves, plan.run, label))));
    }
    item.append(button("Take", () => busy("Applying", async () => {
      await applyMoves(plan.moves);
      if (plan.run) { await draw(plan.run, state.position, {caption: label}); showRun(plan.run, label); }
    })));
    return item;
  }));
  if (!answer.plans.length) list.append(note("No lay or token to make."));
}

// ---- page set-up --------------------------------------------------------------------

function button(label, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", action);
  return b;
}

function note(text, kind = "") {
  const p = document.createElement("p");
  p.textContent = text;
  if (kind) p.className = kind;
  return p;
}

function showExamples() {
  const title = $("title").value;
  const select = $("example");
  const fits = state.examples.filter((e) => !title || e.title === title);
  select.replaceChildren(new Option("—", ""), ...fits.map((e) => new Option(e.name, e.name)));
}

async function openExample(name) {
  if (!name) return;
  const example = state.examples.find((e) => e.name === name);
  $("import-runs").hidden = true;
  await setPosition(await call(`/examples/${encodeURIComponent(name)}`), {fresh: true});
  $("run-text").value = example && example.run
      ? JSON.stringify(await call(`/examples/${encodeURIComponent(example.run)}`)) : "";
}

async function start() {
  const [titles, examples] = await Promise.all([call("/titles"), call("/examples")]);
  state.examples = examples.examples;
  const names = new Map(titles.titles.map((t) => [t.name, t]));
  for (const e of state.examples) {     // an example may name its title by an alias
    const known = titles.titles.find((t) => t.name === e.title || t.aliases.includes(e.title));
    if (known) e.title = known.name;
  }
  $("title").replaceChildren(new Option("all titles", ""),
                             ...[...names.keys()].map((n) => new Option(n, n)));
  showExamples();
  document.body.dataset.ready = "true";
}

function keyOnBoard(event) {
  if (!state.laying) return;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") turnLay(1);
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") turnLay(-1);
  else if (event.key === "Enter") busy("Laying", acceptLay);
  else if (event.key === "Escape") undo();
  else return;
  event.preventDefault();
}

function wire() {
  $("title").addEventListener("change", showExamples);
  $("example").addEventListener("change", (e) => busy("Opening", () => openExample(e.target.value)));
  const board = $("board");
  board.addEventListener("click", clickBoard);
  board.addEventListener("pointerdown", pointerDown);
  board.addEventListener("pointermove", pointerMove);
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
    board.addEventListener(end, pointerUp);
  }
  board.addEventListener("wheel", wheel, {passive: false});
  board.addEventListener("keydown", keyOnBoard);
  $("zoom-in").addEventListener("click", () => zoom(1 / 1.5));
  $("zoom-out").addEventListener("click", () => zoom(1.5));
  $("zoom-fit").addEventListener("click", () => setView(null));
  $("load-text").addEventListener("click",
      () => busy("Reading", () => readGiven($("position-text").value)));
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("position-text").value = text;
    await busy(`Reading ${file.name}`, () => readGiven(text));
  });
  $("run-slider").addEventListener("change", () => busy("Opening", showImported));
  $("undo").addEventListener("click", () => busy("Drawing", undo));
  $("redo").addEventListener("click", () => busy("Drawing", redo));
  $("lay-left").addEventListener("click", () => turnLay(-1));
  $("lay-right").addEventListener("click", () => turnLay(1));
  $("lay-accept").addEventListener("click", () => busy("Laying", acceptLay));
  $("lay-cancel").addEventListener("click", () => busy("Drawing", undo));
  $("preview-accept").addEventListener("click", () => busy("Applying", acceptPreview));
  $("preview-discard").addEventListener("click", () => busy("Drawing", discardPreview));
  $("add-train").addEventListener("click", addTrain);
  $("solve").addEventListener("click", () => busy("Solving", () => solve()));
  $("resolve").addEventListener("click", () => busy("Solving the rest",
                                                    () => solve(pinnedRoutes())));
  $("verify").addEventListener("click", () => busy("Verifying", verify));
  $("advise").addEventListener("click", () => busy("Weighing every lay", advise));
  busy("Starting", start);
}

wire();
