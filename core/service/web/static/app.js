// The trainrun page: every answer comes from the HTTP API of `trainrun serve`
// (/titles, /examples, /import, /draw, /moves, /apply, /solve with its keep, /verify,
// /advise).
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  position: null,     // the position shown, in trainrun's own format
  history: [],        // earlier positions, for Undo
  moves: null,        // promise of POST /moves for the position shown
  run: null,          // the run drawn (a /solve answer), or null
  pinned: new Set(),  // train ids whose routes are kept on re-solve
  imported: [],       // positions of an imported game file, one per run
  examples: [],
};

// ---- talking to the service -------------------------------------------------------

const KEY = "trainrun-api-key";   // the server's key (trainrun serve --api-key), per tab

// A server started with --api-key answers 401 without it: ask for it, keep it for the tab.
function askKey() {
  const given = window.prompt("This server needs its key (trainrun serve --api-key):");
  if (given) sessionStorage.setItem(KEY, given);
  return Boolean(given);
}

async function call(path, body, accept = "json", asked = false) {
  const key = sessionStorage.getItem(KEY);
  const headers = key ? {"X-API-Key": key} : {};
  const response = await fetch(path, body === undefined ? {headers} : {
    method: "POST",
    headers: {...headers, "Content-Type": "application/json"},
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  // another call may have been given the key meanwhile: retry with it, else ask once
  if (response.status === 401 && !asked && (sessionStorage.getItem(KEY) !== key || askKey())) {
    return call(path, body, accept, true);
  }
  if (!response.ok) {
    let message = `${path}: HTTP ${response.status}`;
    try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return accept === "json" ? response.json() : response.text();
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
    say("");
    return result;
  } catch (error) {
    say(error.message, "error");
    return undefined;
  } finally {
    document.body.classList.remove("busy");
  }
}

// ---- the board ----------------------------------------------------------------------

async function draw(run = null, position = state.position) {
  const svg = await call("/draw", {position, run}, "text");
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
  const board = $("board");
  board.replaceChildren(document.importNode(parsed.documentElement, true));
  board.dataset.drawn = run ? "run" : "board";
}

function clickBoard(event) {
  if (!state.position) return;
  const city = event.target.closest("[data-city]");
  if (city) { placeToken(city.dataset.city); return; }
  const hex = event.target.closest("[data-hex]");
  if (hex) showLays(hex.dataset.hex);
}

function legalMoves() {
  if (!state.moves) state.moves = call("/moves", state.position);
  return state.moves;
}

// ---- the position -------------------------------------------------------------------

async function setPosition(position, {remember = true} = {}) {
  if (remember && state.position) state.history.push(state.position);
  state.position = position;
  state.moves = null;
  state.run = null;
  state.pinned.clear();
  $("undo").disabled = state.history.length === 0;
  $("position-text").value = JSON.stringify(position, null, 1);
  const title = $("title");
  if ([...title.options].some((o) => o.value === position.title)) title.value = position.title;
  $("summary").textContent = `${position.company} · phase ${position.phase}`;
  $("lays").replaceChildren();
  $("hex-name").textContent = "";
  $("routes").replaceChildren();
  clearRun();
  $("verdict").replaceChildren();
  $("plans").replaceChildren();
  $("resolve").disabled = true;
  showTrains();
  await draw();
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
    await setPosition(await call("/apply", {position: data, moves: []}));
  }
}

async function showImported() {
  const index = Number($("run-slider").value);
  const position = state.imported[index];
  $("run-label").textContent =
      `${index + 1} of ${state.imported.length}: action ${position.action}, ${position.company}`;
  await setPosition(position, {remember: false});
}

// ---- lays and tokens ----------------------------------------------------------------

async function showLays(hex) {
  const moves = await legalMoves();
  const list = $("lays");
  $("hex-name").textContent = hex;
  const lays = moves.lays.filter((lay) => lay.hex === hex);
  list.replaceChildren(...lays.map((lay) => {
    const item = document.createElement("li");
    item.className = "lay";
    Object.assign(item.dataset, {tile: lay.tile, rotation: lay.rotation});
    const thumb = document.createElement("span");
    thumb.className = "thumb";
    item.append(thumb, `tile ${lay.tile}, rotation ${lay.rotation}` + (lay.cost ? `, $${lay.cost}` : ""));
    item.append(button("Preview", () => busy("Drawing", () => preview([lay]))));
    item.append(button("Lay", () => busy(`Laying ${lay.tile} on ${hex}`, () => applyMoves([lay]))));
    return item;
  }));
  if (!lays.length) list.append(note(`No legal lay on ${hex} now.`));
  const shown = state.position;
  for (const item of list.querySelectorAll("li.lay")) {   // each choice drawn, one by one
    if (state.position !== shown || $("hex-name").textContent !== hex) return;
    const lay = {hex, tile: item.dataset.tile, rotation: Number(item.dataset.rotation)};
    try {
      await drawThumb(item.querySelector(".thumb"), lay);
    } catch (error) {
      item.querySelector(".thumb").textContent = "?";
    }
  }
}

// The hex of `lay` as it looks once laid: the board after it, framed to that hex.
async function drawThumb(box, lay) {
  const svg = await call("/draw", {position: state.position, moves: [lay], run: null}, "text");
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
  const picture = document.importNode(doc, true);
  box.replaceChildren(picture);
  const hex = picture.querySelector(`[data-hex="${lay.hex}"]`);
  const toSvg = picture.getScreenCTM().inverse();
  const r = hex.getBoundingClientRect();
  const a = new DOMPoint(r.left, r.top).matrixTransform(toSvg);
  const b = new DOMPoint(r.right, r.bottom).matrixTransform(toSvg);
  picture.setAttribute("viewBox", `${a.x} ${a.y} ${b.x - a.x} ${b.y - a.y}`);
  picture.setAttribute("width", "56");
  picture.setAttribute("height", "56");
}

async function placeToken(cityId) {
  const [hex, city] = cityId.split(".");
  const moves = await legalMoves();
  const token = moves.tokens.find((t) => t.hex === hex && t.city === Number(city));
  $("hex-name").textContent = `${hex} city ${city}`;
  if (!token) {
    $("lays").replaceChildren(note(`${state.position.company} may not place a token in ${hex} city ${city} now.`));
    return;
  }
  await busy(`Placing a token in ${hex}`, () => applyMoves([token]));
}

// The board after `moves`, drawn with `run`, without taking it.
async function preview(moves, run = null) {
  const after = await call("/apply", {position: state.position, moves});
  await draw(run, after);
  say("Preview: the board after " + moves.map(describeMove).join(", then ") +
      ". Take it, or Undo / redraw to go back.");
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
  const body = keep ? {position: state.position, keep} : state.position;
  const run = await call(`/solve?time_limit=${timeLimit()}`, body);
  if (!keep) state.pinned.clear();
  await draw(run);
  showRun(run);
}

function pinnedRoutes() {
  return {routes: state.run.routes.filter((r) => state.pinned.has(r.train))};
}

function clearRun() {
  $("total").textContent = "";
  delete $("total").dataset.total;
  delete $("total").dataset.status;
}

function showRun(run) {
  const proven = run.status === "optimal";
  showRoutes(run, `Total $${run.total} — ` +
             (proven ? "optimal (proven)" : `best found; proven bound $${run.bound}`) +
             ` — ${Math.round(run.seconds * 1000)} ms`);
  $("total").dataset.total = run.total;
  $("total").dataset.status = run.status;
}

// The routes of `run` (a solve answer or a declared run), each with its stops and a pin.
function showRoutes(run, heading) {
  state.run = run;
  clearRun();
  $("total").textContent = heading;
  $("routes").replaceChildren(...run.routes.map(routeItem));
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
  head.append(pin, ` ${route.train_name} train (${route.train}): $${route.revenue}`);
  item.append(head);
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
  item.append(stops);
  return item;
}

// ---- verify -------------------------------------------------------------------------

async function verify() {
  const text = $("run-text").value.trim();
  const body = {position: state.position};
  if (text) body.run = JSON.parse(text);
  const verdict = await call(`/verify?time_limit=${timeLimit()}`, body);
  const box = $("verdict");
  const lines = [`Declared $${verdict.declared_total}: ` + (verdict.legal ? "legal" : "illegal") +
                 `; best $${verdict.best_total}` +
                 (verdict.best_status === "optimal" ? " (proven)" : ` (bound $${verdict.best_bound})`) +
                 (verdict.gap ? `, $${verdict.gap} more` : "")];
  for (const route of verdict.routes) {
    lines.push(`route ${route.number} · ${route.train_name} (${route.train}): ` +
               (route.legal ? "legal" : "illegal") + `, $${route.revenue}`);
  }
  lines.push(...verdict.violations);   // every route's broken rules, and those between routes
  box.replaceChildren(...lines.map((line) => note(line)));
  box.dataset.legal = verdict.legal;
  box.dataset.declared = verdict.declared_total;
  box.dataset.best = verdict.best_total;
  state.pinned.clear();
  showRoutes({routes: verdict.routes}, `Declared run: $${verdict.declared_total}` +
             " — pin routes to keep them and re-solve the rest");
  await draw(state.run);
}

// ---- advise -------------------------------------------------------------------------

async function advise() {
  const top = Math.max(1, Number($("advise-top").value) || 3);
  const answer = await call(`/advise?top=${top}&time_limit=${timeLimit()}`, state.position);
  const list = $("plans");
  list.replaceChildren(...answer.plans.slice(0, top).map((plan) => {
    const item = document.createElement("li");
    item.className = "plan";
    item.dataset.total = plan.total;
    item.append(`${plan.moves.map(describeMove).join(", then ")} (cost $${plan.cost}): ` +
                `run $${plan.total}` + (plan.status === "optimal" ? " (proven)" : ` (bound $${plan.bound})`) +
                `, ${plan.gain >= 0 ? "+" : ""}$${plan.gain}`);
    item.append(button("Preview", () => busy("Drawing", () => preview(plan.moves, plan.run))));
    item.append(button("Take", () => busy("Applying", async () => {
      await applyMoves(plan.moves);
      if (plan.run) { await draw(plan.run); showRun(plan.run); }
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

function note(text) {
  const p = document.createElement("p");
  p.textContent = text;
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
  await setPosition(await call(`/examples/${encodeURIComponent(name)}`));
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

function wire() {
  $("title").addEventListener("change", showExamples);
  $("example").addEventListener("change", (e) => busy("Opening", () => openExample(e.target.value)));
  $("board").addEventListener("click", (e) => busy("Asking", () => clickBoard(e)));
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
  $("undo").addEventListener("click", () => {
    const before = state.history.pop();
    if (before) busy("Drawing", () => setPosition(before, {remember: false}));
  });
  $("add-train").addEventListener("click", addTrain);
  $("solve").addEventListener("click", () => busy("Solving", () => solve()));
  $("resolve").addEventListener("click", () => busy("Solving the rest",
                                                    () => solve(pinnedRoutes())));
  $("verify").addEventListener("click", () => busy("Verifying", verify));
  $("advise").addEventListener("click", () => busy("Weighing every lay", advise));
  busy("Starting", start);
}

wire();
