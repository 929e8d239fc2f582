// pbem data edit: the map. Plain JavaScript, no build step. The page edits one flat object,
// E.values: data path -> value, exactly the `values:` of the data override it saves.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const E = {
  model: null, values: {}, hexes: [], byId: {}, tool: "paint", terrain: null, selectedHex: null,
  selectedSide: null, stroke: null, zoom: 0.6, pan: { x: 0, y: 0 }, align: null,
  stats: { clicks: 0, strokes: 0, painted: 0, typed: 0 },
};
window.editorState = E;

function $(id) { return document.getElementById(id); }
function el(tag, attrs, text) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
async function api(path, body) {
  const options = { headers: { "X-Pbem-Token": TOKEN } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  return response.json();
}

// -- values: where each map fact lives in the override ----------------------------------------
function listedKey(id) { const l = E.model.listed[id]; return l ? l.key : null; }
function hexField(id, field) {
  // {value, locked, rule}: what the rulebook gives (locked) or what the group entered
  const listed = E.model.listed[id];
  if (listed && listed.fields[field] && listed.fields[field].known) {
    return { value: listed.fields[field].value, locked: true, rule: listed.fields[field].rule };
  }
  if (listed) return { value: E.values[`map.hexes.${listed.key}.${field}`], locked: false };
  const entry = E.values[`map.hexes.${id}`];
  return { value: entry && typeof entry === "object" ? entry[field] : undefined, locked: false };
}
function setHexField(id, field, value) {
  if (hexField(id, field).locked) return false;
  const key = listedKey(id);
  const empty = value === undefined || value === null || value === "";
  if (key) {
    const path = `map.hexes.${key}.${field}`;
    if (empty) delete E.values[path]; else E.values[path] = value;
  } else {
    const path = `map.hexes.${id}`;
    const entry = Object.assign({}, E.values[path] || {});
    if (empty) delete entry[field]; else entry[field] = value;
    if (Object.keys(entry).length) E.values[path] = entry; else delete E.values[path];
  }
  return true;
}
function sideKey(a, b) { return [a, b].sort().join("|"); }
function sideFeatures(key) {
  const listed = E.model.hexsides[key];
  if (listed && listed.known) return { features: listed.features, locked: true };
  const v = E.values[`map.hexsides.${key}`];
  return { features: v === undefined ? [] : Array.isArray(v) ? v.slice() : [v], locked: false };
}
function setSideFeatures(key, features) {
  if (sideFeatures(key).locked) return;
  const path = `map.hexsides.${key}`;
  if (!features.length) delete E.values[path];
  else E.values[path] = features.length === 1 ? features[0] : features;
}
window.editorMap = { hexField, setHexField, sideFeatures, setSideFeatures, sideKey };

// -- drawing ------------------------------------------------------------------------------------
function terrainColour(t) {
  if (!t) return null;
  const c = E.model.colours.terrain[t];
  if (c) return c;
  let h = 0;
  for (const ch of String(t)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, 45%, 70%)`;
}
function corners(x, y, r) {
  const start = E.model.grid.flat_top ? 0 : 30;
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (start + 60 * i) * Math.PI / 180;
    out.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return out;
}
function drawGrid() {
  const cells = $("cells"), labels = $("labels");
  cells.replaceChildren();
  labels.replaceChildren();
  E.byId = {};
  const r = E.model.grid.radius;
  for (const h of E.hexes) {
    const poly = el("svg:polygon", { points: corners(h.x, h.y, r).map(p => p.map(v => v.toFixed(1)).join(",")).join(" "), class: "hex", "data-hex": h.id });
    cells.appendChild(poly);
    labels.appendChild(el("svg:text", { x: h.x, y: (h.y - r * 0.62).toFixed(1), class: "label" }, h.id));
    const name = hexField(h.id, "name").value;
    if (name) labels.appendChild(el("svg:text", { x: h.x, y: (h.y + r * 0.15).toFixed(1), class: "label name" }, name));
    E.byId[h.id] = { h, poly };
  }
  E.hexes.forEach(h => refreshHex(h.id));
  drawSides();
  drawMarks();
}
function refreshHex(id) {
  const item = E.byId[id];
  if (!item) return;
  const t = hexField(id, "terrain");
  const colour = terrainColour(t.value);
  const wanted = !t.locked && E.model.listed[id] ? " wanted" : "";
  item.poly.setAttribute("class", "hex" + (colour ? "" : " unset") + (t.locked ? " locked" : "") + wanted +
    (E.selectedHex === id ? " selected" : "") + (inArea(id) ? " in-area" : ""));
  item.poly.style.fill = colour || "";
  item.poly.style.fillOpacity = E.align.opacity;
}
function edgeBetween(a, b) {
  const A = E.byId[a], B = E.byId[b];
  if (!A || !B) return null;
  const r = E.model.grid.radius;
  const near = corners(A.h.x, A.h.y, r).map(c => [Math.hypot(c[0] - B.h.x, c[1] - B.h.y), c]).sort((p, q) => p[0] - q[0]);
  return [near[0][1], near[1][1]];
}
function drawSides() {
  const g = $("sides");
  g.replaceChildren();
  const keys = new Set(Object.keys(E.model.hexsides));
  for (const p of Object.keys(E.values)) if (p.startsWith("map.hexsides.")) keys.add(p.slice(13));
  for (const key of keys) {
    const [a, b] = key.split("|");
    const edge = edgeBetween(a, b);
    const f = sideFeatures(key);
    if (!edge || !f.features.length) continue;
    f.features.forEach((feature, i) => {
      const style = E.model.colours.hexsides[feature] || { colour: "#606060", width: 3 };
      g.appendChild(el("svg:line", { x1: edge[0][0], y1: edge[0][1], x2: edge[1][0], y2: edge[1][1], class: "side" + (f.locked ? " locked" : ""),
        stroke: style.colour, "stroke-width": style.width + 2 * i, "stroke-opacity": i ? 0.6 : 1 }));
    });
  }
  if (E.selectedSide) {
    const edge = edgeBetween(...E.selectedSide.split("|"));
    if (edge) g.appendChild(el("svg:line", { x1: edge[0][0], y1: edge[0][1], x2: edge[1][0], y2: edge[1][1], class: "side", stroke: "#d00000", "stroke-width": 2, "stroke-dasharray": "3 3" }));
  }
}
function drawMarks() {
  const g = $("marks");
  g.replaceChildren();
  for (const u of E.model.unknown) {
    if (u.kind !== "place") continue;
    const at = E.values[u.path];
    const item = at && E.byId[at];
    if (!item) continue;
    g.appendChild(el("svg:circle", { cx: item.h.x, cy: item.h.y + 14, r: 5, class: "place-mark" }));
    g.appendChild(el("svg:text", { x: item.h.x, y: item.h.y + 28, class: "label name" }, u.path.split(".")[2]));
  }
}
function centerOn(id) {
  // pan so that hex `id` sits in the middle of the map view
  const item = E.byId[id];
  if (!item) return false;
  const a = E.align, s = a.hexsize / E.model.grid.radius, box = $("viewport").getBoundingClientRect();
  E.pan.x = box.width / 2 - E.zoom * (a.ox + s * item.h.x);
  E.pan.y = box.height / 2 - E.zoom * (a.oy + s * item.h.y);
  applyTransforms();
  return true;
}
function canonical(key) {
  // the drawn (canonical) id of a hex the rulebook data lists under `key`
  for (const [id, l] of Object.entries(E.model.listed)) if (l.key === key) return id;
  return key;
}
window.editorMap.centerOn = centerOn;
window.editorMap.canonical = canonical;
function applyTransforms() {
  const a = E.align, s = a.hexsize / E.model.grid.radius;
  $("grid").setAttribute("transform", `translate(${a.ox} ${a.oy}) scale(${s})`);
  $("view").setAttribute("transform", `translate(${E.pan.x} ${E.pan.y}) scale(${E.zoom})`);
  E.hexes.forEach(h => { if (E.byId[h.id]) E.byId[h.id].poly.style.fillOpacity = a.opacity; });
  localStorage.setItem(`pbem-editor-align-${E.model.game}`, JSON.stringify(a));
}

// -- areas and places -----------------------------------------------------------------------------
function currentArea() { return $("area").value || null; }
function inArea(id) {
  if (E.tool !== "area" || !currentArea()) return false;
  const list = E.values[currentArea()];
  return Array.isArray(list) && list.includes(id);
}
function toggleArea(id, adding) {
  const path = currentArea();
  if (!path) return;
  const list = Array.isArray(E.values[path]) ? E.values[path].slice() : [];
  const at = list.indexOf(id);
  if (adding && at < 0) list.push(id);
  if (!adding && at >= 0) list.splice(at, 1);
  list.sort();
  if (list.length) E.values[path] = list; else delete E.values[path];
  refreshHex(id);
}

// -- pointer ------------------------------------------------------------------------------------------
function gridPoint(evt) {
  const m = $("grid").getScreenCTM().inverse();
  const p = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(m);
  return { x: p.x, y: p.y };
}
function nearest(p, count) {
  const best = [];
  for (const h of E.hexes) {
    const d = (h.x - p.x) ** 2 + (h.y - p.y) ** 2;
    best.push([d, h.id]);
  }
  best.sort((a, b) => a[0] - b[0]);
  const r = E.model.grid.radius;
  return best.slice(0, count).filter(b => Math.sqrt(b[0]) < r * 1.05 * (count > 1 ? 1.6 : 1)).map(b => b[1]);
}
function hexAt(p) { return nearest(p, 1)[0] || null; }
function paint(id) {
  if (!id || !E.terrain) return;
  if (hexField(id, "terrain").value === E.terrain) return;
  if (setHexField(id, "terrain", E.terrain)) { E.stats.painted++; refreshHex(id); changed(); }
}
function onDown(evt) {
  if (evt.button === 1 || evt.shiftKey) { E.stroke = { pan: true, x: evt.clientX, y: evt.clientY }; return; }
  if (evt.button !== 0) return;
  E.stats.strokes++;
  const p = gridPoint(evt), id = hexAt(p);
  $("map").setPointerCapture(evt.pointerId);
  E.stroke = { start: p, first: id };
  if (E.tool === "paint") paint(id);
  else if (E.tool === "fill") updateRubber(p, p);
  else if (E.tool === "hexside") cycleSide(p);
  else if (E.tool === "info" && id) selectHex(id);
  else if (E.tool === "area" && id) { E.stroke.adding = !inArea(id); toggleArea(id, E.stroke.adding); changed(); }
  else if (E.tool === "place" && id && $("place").value) { E.values[$("place").value] = id; drawMarks(); changed(); }
  else if (E.tool === "erase" && id) erase(id);
}
function onMove(evt) {
  if (!E.stroke) return;
  if (E.stroke.pan) {
    E.pan.x += evt.clientX - E.stroke.x; E.pan.y += evt.clientY - E.stroke.y;
    E.stroke.x = evt.clientX; E.stroke.y = evt.clientY;
    applyTransforms();
    return;
  }
  const p = gridPoint(evt), id = hexAt(p);
  if (E.tool === "paint") paint(id);
  else if (E.tool === "fill") updateRubber(E.stroke.start, p);
  else if (E.tool === "area" && id && E.stroke.adding && !inArea(id)) { toggleArea(id, true); changed(); }
  else if (E.tool === "erase" && id) erase(id);
}
function onUp(evt) {
  if (E.stroke && E.tool === "fill" && !E.stroke.pan) fillRect(E.stroke.start, gridPoint(evt));
  E.stroke = null;
}
function updateRubber(a, b) {
  const r = $("rubber");
  r.setAttribute("x", Math.min(a.x, b.x)); r.setAttribute("y", Math.min(a.y, b.y));
  r.setAttribute("width", Math.abs(a.x - b.x)); r.setAttribute("height", Math.abs(a.y - b.y));
}
function fillRect(a, b) {
  updateRubber({ x: 0, y: 0 }, { x: 0, y: 0 });
  if (!E.terrain) return;
  // a hex is in when its centre is: a quarter radius of slack takes in the hexes under both corners
  const slack = E.model.grid.radius / 4;
  const [x0, x1, y0, y1] = [Math.min(a.x, b.x) - slack, Math.max(a.x, b.x) + slack, Math.min(a.y, b.y) - slack, Math.max(a.y, b.y) + slack];
  let n = 0;
  for (const h of E.hexes) {
    if (h.x < x0 || h.x > x1 || h.y < y0 || h.y > y1 || hexField(h.id, "terrain").value) continue;
    if (setHexField(h.id, "terrain", E.terrain)) { refreshHex(h.id); n++; }
  }
  E.stats.painted += n;
  status(`filled ${n} unset hex(es) with ${E.terrain}`);
  changed();
}
function erase(id) {
  for (const f of E.model.hex_fields) setHexField(id, f, undefined);
  refreshHex(id);
  changed();
}
function cycleSide(p) {
  const two = nearest(p, 2);
  if (two.length < 2) return;
  const key = sideKey(two[0], two[1]);
  E.selectedSide = key;
  const f = sideFeatures(key);
  if (!f.locked) {
    const list = E.model.hexside_features;
    const at = f.features.length === 1 ? list.indexOf(f.features[0]) : -1;
    const next = f.features.length > 1 ? [] : at + 1 < list.length ? [list[at + 1]] : [];
    setSideFeatures(key, next);
    changed();
  }
  drawSides();
  renderSideForm();
}
