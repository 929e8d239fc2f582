// pbem data edit: forms, tables, progress and start-up (after editor.js, whose E and helpers it uses).
"use strict";

function parseInput(text) {
  // what a typed value means in the override: integers, true/false, YAML flow ([..], {..}) or text
  const t = text.trim();
  if (t === "") return undefined;
  if (/^-?[0-9]+$/.test(t)) return parseInt(t, 10);
  if (t === "true" || t === "false") return t === "true";
  if (t.startsWith("[") || t.startsWith("{")) return { __yaml__: t };
  return t;
}
function showValue(v) {
  if (v === undefined || v === null) return "";
  if (typeof v === "object" && v.__yaml__ !== undefined) return v.__yaml__;
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}
function status(text, kind) { const s = $("status"); s.textContent = text; s.className = kind || ""; }

// -- what is filled ---------------------------------------------------------------------------------
function lookup(path) {
  if (E.values[path] !== undefined) return E.values[path];
  const parts = path.split(".");
  for (let end = parts.length - 1; end > 0; end--) {
    let node = E.values[parts.slice(0, end).join(".")];
    if (node === undefined || typeof node !== "object") continue;
    for (const p of parts.slice(end)) node = node && typeof node === "object" ? node[p] : undefined;
    return node;
  }
  return undefined;
}
function changed() {
  let filled = 0;
  const groups = {};
  for (const u of E.model.unknown) {
    const g = groups[u.group] || (groups[u.group] = { filled: 0, total: 0 });
    g.total++;
    if (lookup(u.path) !== undefined) { g.filled++; filled++; }
  }
  // entries of the open collections: `map.hexes.H`, not the unknown fields `map.hexes.H.terrain` of listed hexes
  const count = prefix => Object.keys(E.values).filter(p => p.startsWith(prefix) && p.split(".").length === 3 && !(prefix === "map.hexes." && E.model.listed[p.slice(10)])).length;
  const entries = `+ ${count("map.hexes.")} hexes, ${count("map.hexsides.")} hexsides, ${count("units.counters.")} counters added`;
  const short = E.model.groups.filter(g => groups[g]).map(g => `${g.split(":")[0]} ${groups[g].filled}/${groups[g].total}`).join(" · ");
  $("progress").replaceChildren(document.createTextNode(`${filled} of ${E.model.unknown.length} values filled `),
    el("span", { class: "groups" }, `${short} ${entries}`));
  E.dirty = true;
}

// -- hex and hexside forms ----------------------------------------------------------------------------
function fieldInput(id, field) {
  const f = hexField(id, field);
  const label = el("label", {}, `${field} `);
  if (f.locked) {
    label.className = "locked-field";
    label.append(el("b", {}, showValue(f.value)), el("small", {}, ` (rule ${f.rule || "?"})`));
    return label;
  }
  let input;
  const choices = field === "terrain" ? E.model.terrain : field === "control_at_start" ? E.model.controls : null;
  if (choices) {
    input = el("select", { "data-field": field });
    input.append(el("option", { value: "" }, "—"), ...choices.map(c => el("option", { value: c }, c)));
    input.value = f.value === undefined ? "" : f.value;
  } else if (field === "city") {
    input = el("select", { "data-field": field });
    input.append(el("option", { value: "" }, "—"), el("option", { value: "true" }, "yes"), el("option", { value: "false" }, "no"));
    input.value = f.value === undefined ? "" : String(f.value);
  } else {
    input = el("input", { type: "text", "data-field": field, value: showValue(f.value) });
  }
  input.addEventListener("change", () => {
    E.stats.typed++;
    setHexField(id, field, choices ? input.value || undefined : parseInput(input.value));
    refreshHex(id);
    changed();
  });
  label.append(input);
  return label;
}
function selectHex(id) {
  const before = E.selectedHex;
  E.selectedHex = id;
  refreshHex(before);
  refreshHex(id);
  const form = $("hex-form");
  form.replaceChildren(el("b", {}, id));
  const listed = E.model.listed[id];
  const fields = new Set(E.model.hex_fields);
  if (listed) Object.keys(listed.fields).forEach(f => fields.add(f));
  for (const f of fields) if (f !== "notes" && f !== "region") form.append(fieldInput(id, f));
  if (!listed) form.append(el("p", { class: "hint" }, "not in the rulebook data: saved as a new map.hexes entry"));
}
function renderSideForm() {
  const key = E.selectedSide, form = $("hexside-form");
  if (!key) return;
  const f = sideFeatures(key);
  form.replaceChildren(el("b", {}, key));
  if (f.locked) { form.append(el("p", { class: "hint" }, `given by the rulebook: ${f.features.join(", ")}`)); return; }
  for (const feature of E.model.hexside_features) {
    const box = el("input", { type: "checkbox", "data-feature": feature });
    box.checked = f.features.includes(feature);
    box.addEventListener("change", () => {
      const now = E.model.hexside_features.filter(x => form.querySelector(`[data-feature="${x}"]`).checked);
      setSideFeatures(key, now);
      drawSides();
      changed();
    });
    const label = el("label", {});
    label.append(box, ` ${feature}`);
    form.append(label);
  }
}

// -- CRT ----------------------------------------------------------------------------------------------
function renderCrt() {
  const crt = E.model.crt, box = $("crt");
  if (!crt) { box.replaceChildren(el("p", {}, "This game's CRT is not a rows × columns table in the data: enter it under All values.")); return; }
  const table = el("table", { class: "crt" });
  const head = el("tr", {});
  head.append(el("th", {}, "die"), ...crt.columns.map(c => el("th", {}, c)));
  table.append(head);
  for (const row of crt.rows) {
    const tr = el("tr", {});
    tr.append(el("th", {}, row));
    for (const col of crt.columns) {
      const cell = crt.cells[row][col], td = el("td", {});
      if (!cell) { tr.append(td); continue; }
      if (cell.known) {
        td.className = "locked";
        td.append(document.createTextNode(showValue(cell.value)), el("small", {}, `rule ${cell.rule}`));
      } else {
        const path = `${crt.path}.${row}.${col}`;
        const input = el("input", { type: "text", "data-path": path, value: showValue(E.values[path]) });
        input.addEventListener("change", () => {
          E.stats.typed++;
          const v = input.value.trim();
          if (v) E.values[path] = v; else delete E.values[path];
          changed();
        });
        td.append(input);
      }
      tr.append(td);
    }
    table.append(tr);
  }
  box.replaceChildren(el("h2", {}, "Combat Results Table"), el("p", { class: "hint" }, "Grey cells are given by the rulebook (locked, with their rule); type the others from your printed table."), table);
}

// -- counters -------------------------------------------------------------------------------------------
function counterIds() {
  return Object.keys(E.values).filter(p => p.startsWith("units.counters.") && p.split(".").length === 3 && typeof E.values[p] === "object").map(p => p.slice(15));
}
function getIn(obj, dotted) { return dotted.split(".").reduce((o, k) => (o && typeof o === "object" ? o[k] : undefined), obj); }
function setIn(obj, dotted, value) {
  const keys = dotted.split("."), last = keys.pop();
  let node = obj;
  for (const k of keys) node = node[k] && typeof node[k] === "object" ? node[k] : (node[k] = {});
  if (value === undefined) delete node[last]; else node[last] = value;
  for (const k of keys) if (obj[k] && typeof obj[k] === "object" && !Object.keys(obj[k]).length) delete obj[k];
}
function counterRow(id) {
  const tr = el("tr", { "data-counter": id });
  const idInput = el("input", { type: "text", value: id, "data-key": "id" });
  idInput.addEventListener("change", () => {
    const next = idInput.value.trim();
    if (!next || next.includes(".") || E.values[`units.counters.${next}`]) { idInput.value = id; status("a counter id: no dots, not used twice", "error"); return; }
    E.values[`units.counters.${next}`] = E.values[`units.counters.${id}`];
    delete E.values[`units.counters.${id}`];
    renderCounters(); changed();
  });
  const td = el("td", {}); td.append(idInput); tr.append(td);
  for (const f of E.model.counter_fields) {
    const entry = E.values[`units.counters.${id}`];
    let input;
    if (f.kind === "side") {
      input = el("select", { "data-key": f.key });
      input.append(el("option", { value: "" }, "—"), ...E.model.sides.map(s => el("option", { value: s }, s)));
      input.value = getIn(entry, f.key) || "";
    } else {
      input = el("input", { type: "text", "data-key": f.key, value: showValue(getIn(entry, f.key)) });
    }
    input.addEventListener("change", () => {
      E.stats.typed++;
      const raw = f.kind === "side" ? input.value || undefined : parseInput(input.value);
      setIn(E.values[`units.counters.${id}`], f.key, f.kind === "text" || f.kind === "hex" ? (raw === undefined ? undefined : String(raw)) : raw);
      changed();
    });
    const cell = el("td", {}); cell.append(input); tr.append(cell);
  }
  return tr;
}
function renderCounters() {
  const table = el("table", { class: "form", id: "counter-table" });
  const head = el("tr", {});
  head.append(el("th", {}, "id"), ...E.model.counter_fields.map(f => el("th", {}, f.key)));
  table.append(head, ...counterIds().map(counterRow));
  $("counters").replaceChildren(el("h2", {}, "Counters (units.counters, an open collection)"),
    el("p", { class: "hint" }, "One row per counter, as printed. Numbers are numbers; a hex is its id (e.g. 1819E)."), table);
}
function addCounter() {
  let n = counterIds().length + 1;
  while (E.values[`units.counters.new-${n}`]) n++;
  E.values[`units.counters.new-${n}`] = {};
  renderCounters();
  changed();
}

// -- all values -----------------------------------------------------------------------------------------
function renderValues() {
  const box = $("values"), leftOnly = $("left-only").checked;
  box.replaceChildren();
  for (const g of E.model.groups) {
    const entries = E.model.unknown.filter(u => u.group === g);
    if (!entries.length) continue;
    const filled = entries.filter(u => lookup(u.path) !== undefined).length;
    const section = el("div", { class: "group" });
    section.append(el("h3", {}, `${g}: ${filled} of ${entries.length}`));
    for (const u of entries) {
      const v = lookup(u.path);
      if (leftOnly && v !== undefined) continue;
      const row = el("div", { class: "vrow" + (v !== undefined ? " filled" : "") });
      const input = el("input", { type: "text", "data-path": u.path, value: showValue(v), placeholder: u.kind === "area" ? "[hex, hex, ...] or the Area tool" : "" });
      input.addEventListener("change", () => { E.stats.typed++; const p = parseInput(input.value); if (p === undefined) delete E.values[u.path]; else E.values[u.path] = p; changed(); });
      row.append(el("span", { class: "path" }, u.path), el("span", { class: "where" }, u.printed_on), input);
      section.append(row);
    }
    box.append(section);
  }
}

// -- tools, tabs, save, start -------------------------------------------------------------------------
function setupTools() {
  const palette = $("palette");
  E.model.terrain.forEach((t, i) => {
    const radio = el("input", { type: "radio", name: "terrain", value: t });
    if (i === 0) { radio.checked = true; E.terrain = t; }
    radio.addEventListener("change", () => { E.terrain = t; });
    const label = el("label", {});
    const sw = el("span", { class: "swatch" }); sw.style.background = terrainColour(t);
    label.append(radio, sw, t);
    palette.append(label);
  });
  for (const [select, kind] of [[$("area"), "area"], [$("place"), "place"]]) {
    for (const u of E.model.unknown.filter(x => x.kind === kind)) select.append(el("option", { value: u.path }, u.path.replace(/^map\.(regions\.|places\.)?/, "")));
    select.addEventListener("change", () => E.hexes.forEach(h => refreshHex(h.id)));
  }
  document.querySelectorAll("input[name=tool]").forEach(r => r.addEventListener("change", () => {
    E.tool = r.value;
    $("area-box").hidden = E.tool !== "area";
    $("place-box").hidden = E.tool !== "place";
    E.hexes.forEach(h => refreshHex(h.id));
  }));
  const ext = E.model.grid.extent;
  for (const k of ["col_min", "col_max", "row_min", "row_max"]) $(k).value = ext[k];
  $("extent-apply").addEventListener("click", async () => {
    const q = ["col_min", "col_max", "row_min", "row_max"].map(k => `${k}=${encodeURIComponent($(k).value)}`).join("&");
    const grid = await api(`/api/grid?${q}`);
    if (grid.error) { status(grid.error, "error"); return; }
    E.hexes = grid.hexes; drawGrid();
  });
}
function setupAlign() {
  const ext = E.model.grid.extent, r = E.model.grid.radius;
  const first = E.hexes.length ? E.hexes.reduce((a, h) => ({ x: Math.min(a.x, h.x), y: Math.min(a.y, h.y) }), { x: 1e9, y: 1e9 }) : { x: 0, y: 0 };
  const saved = JSON.parse(localStorage.getItem(`pbem-editor-align-${E.model.game}`) || "null");
  E.align = saved || { ox: Math.round(r * 1.2 - first.x), oy: Math.round(r * 1.2 - first.y), hexsize: r, opacity: E.model.image ? 0.45 : 1 };
  void ext;
  for (const k of ["ox", "oy", "hexsize", "opacity"]) {
    $(k).value = E.align[k];
    $(k).addEventListener("input", () => { const v = parseFloat($(k).value); if (!isNaN(v)) { E.align[k] = v; applyTransforms(); } });
  }
  if (E.model.image) {
    const img = $("scan");
    img.setAttribute("href", `/image?token=${encodeURIComponent(TOKEN)}`);
    const probe = new Image();
    probe.onload = () => { img.setAttribute("width", probe.naturalWidth); img.setAttribute("height", probe.naturalHeight); };
    probe.src = `/image?token=${encodeURIComponent(TOKEN)}`;
    $("scan-hint").textContent = "Shift-drag to pan; set origin (where hex column 0, row 0 would sit) and hex size (centre to corner) until the grid lies on the printed hexes.";
  }
}
function setupEvents() {
  const map = $("map");
  map.addEventListener("pointerdown", onDown);
  map.addEventListener("pointermove", onMove);
  map.addEventListener("pointerup", onUp);
  map.addEventListener("wheel", evt => { evt.preventDefault(); zoomBy(evt.deltaY < 0 ? 1.15 : 1 / 1.15); }, { passive: false });
  document.addEventListener("pointerdown", () => { E.stats.clicks++; }, true);
  $("goto").addEventListener("change", () => { if (!centerOn($("goto").value.trim())) status(`no hex ${$("goto").value} in the drawn extent`, "error"); });
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(0.8));
  document.querySelectorAll("#tabs button").forEach(b => b.addEventListener("click", () => {
    document.querySelectorAll("#tabs button, .tab").forEach(x => x.classList.remove("active"));
    b.classList.add("active");
    $(`tab-${b.dataset.tab}`).classList.add("active");
    if (b.dataset.tab === "values") renderValues();
  }));
  $("left-only").addEventListener("change", renderValues);
  $("add-counter").addEventListener("click", addCounter);
  $("save").addEventListener("click", save);
  window.addEventListener("beforeunload", evt => { if (E.dirty) evt.preventDefault(); });
}
function zoomBy(f) { E.zoom = Math.min(8, Math.max(0.1, E.zoom * f)); applyTransforms(); }
async function save() {
  status("saving…");
  const result = await api("/api/save", { values: E.values, source: $("source").value });
  if (!result.ok) { status(`not saved: ${result.error}`, "error"); return false; }
  E.dirty = false;
  const p = result.progress, checks = (result.scenario_checks || []).map(c => `pbem new … ${c.scenario}: ${c.result}`).join("; ");
  status(`saved ${result.file}: ${p.filled} of ${p.total} values filled, ${p.entries.hexes} hexes, ${p.entries.hexsides} hexsides, ${p.entries.counters} counters added. ${checks}`, "ok");
  E.lastSave = result;
  return true;
}
async function start() {
  E.model = await api("/api/model");
  E.values = E.model.values;
  E.hexes = E.model.grid.hexes;
  $("title").textContent = `${E.model.title} — data editor`;
  $("source").value = E.model.source.startsWith("FILL IN") ? "" : E.model.source;
  setupAlign();
  setupTools();
  setupEvents();
  drawGrid();
  applyTransforms();
  renderCrt();
  renderCounters();
  changed();
  E.dirty = false;
  status(`editing ${E.model.out_file}`);
  document.body.dataset.ready = "1";
}
start().catch(err => status(`could not start: ${err}`, "error"));
