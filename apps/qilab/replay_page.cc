#include "apps/qilab/replay_page.h"

#include <string_view>

#include "engine/core/svg.h"

namespace qilab::cli {
namespace {

// The page. @TITLE@ and @DATA@ are replaced; everything else is literal. The script reads the
// data element, shows one ply at a time, and answers the buttons, the slider, a click on a
// move and the arrow keys; #ply=N in the address opens ply N.
constexpr std::string_view kTemplate = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="qilab replay">
<title>@TITLE@</title>
<style>
  body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0; background: #f3f1ea; color: #222; }
  header { padding: 8px 14px; background: #2f3a45; color: #fff; }
  header h1 { font-size: 18px; margin: 0; }
  main { display: flex; gap: 14px; padding: 10px 14px; align-items: flex-start; }
  #board-pane { flex: 1 1 auto; min-width: 0; }
  #board { background: #fff; border: 1px solid #ccc; overflow: auto; max-height: 82vh; }
  #board svg { display: block; max-width: 100%; height: auto; }
  #board.zoomed svg { max-width: none; }
  #controls { display: flex; gap: 6px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
  #controls button { font-size: 15px; min-width: 38px; padding: 3px 8px; }
  #ply-slider { flex: 1 1 200px; }
  #side { flex: 0 0 340px; max-width: 340px; }
  #facts td { overflow-wrap: anywhere; }
  #moves { position: relative; max-height: 55vh; overflow: auto; background: #fff; border: 1px solid #ccc; margin: 0; padding: 4px 0 4px 46px; font-family: "DejaVu Sans Mono", monospace; font-size: 13px; }
  #moves li { cursor: pointer; padding: 1px 4px; }
  #moves li.current { background: #ffe08a; }
  table { border-collapse: collapse; background: #fff; margin-bottom: 10px; font-size: 13px; }
  td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: left; }
  .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; }
</style>
</head>
<body>
<header><h1 id="title">@TITLE@</h1></header>
<main>
  <section id="board-pane">
    <div id="controls">
      <button id="first" title="first position (Home)">|&#x25C0;</button>
      <button id="prev" title="previous ply (left arrow)">&#x25C0;</button>
      <button id="play" title="play / pause (space)">&#x25B6;</button>
      <button id="next" title="next ply (right arrow)">&#x25B6;&#x25B6;</button>
      <button id="last" title="last position (End)">&#x25B6;|</button>
      <input id="ply-slider" type="range" min="0" max="0" value="0" aria-label="jump to ply">
      <span id="ply-label"></span>
      <button id="zoom" title="actual size, to zoom and scroll">zoom</button>
    </div>
    <div id="board"></div>
    <p id="now"></p>
  </section>
  <aside id="side">
    <table id="results"><thead><tr><th>seat</th><th>agent</th><th>result</th></tr></thead><tbody></tbody></table>
    <table id="facts"><tbody></tbody></table>
    <ol id="moves"></ol>
  </aside>
</main>
<script id="replay-data" type="application/json">@DATA@</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const colours = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf"];
  const board = document.getElementById("board");
  const slider = document.getElementById("ply-slider");
  const label = document.getElementById("ply-label");
  const now = document.getElementById("now");
  const movesList = document.getElementById("moves");
  const playButton = document.getElementById("play");
  const last = data.plies.length - 1;
  let ply = 0;
  let timer = null;

  function text(tag, content) {
    const e = document.createElement(tag);
    e.textContent = content;
    return e;
  }
  data.agents.forEach(function (agent, seat) {
    const row = document.createElement("tr");
    const cell = document.createElement("td");
    const dot = document.createElement("span");
    dot.className = "swatch";
    dot.style.background = colours[seat % colours.length];
    cell.appendChild(dot);
    cell.appendChild(document.createTextNode(String(seat)));
    row.appendChild(cell);
    row.appendChild(text("td", agent));
    row.appendChild(text("td", String(data.returns[seat])));
    document.querySelector("#results tbody").appendChild(row);
  });
  Object.keys(data.facts).forEach(function (key) {
    const row = document.createElement("tr");
    row.appendChild(text("th", key));
    row.appendChild(text("td", String(data.facts[key])));
    document.querySelector("#facts tbody").appendChild(row);
  });
  const items = [];
  data.plies.forEach(function (p, k) {
    if (k === last) return;
    const li = text("li", p.mover + ": " + p.move);
    li.value = data.first_ply + k + 1;
    li.addEventListener("click", function () { show(k + 1); });
    movesList.appendChild(li);
    items.push(li);
  });
  slider.max = String(last);

  function show(k) {
    ply = Math.max(0, Math.min(last, k));
    board.innerHTML = data.plies[ply].svg;
    slider.value = String(ply);
    label.textContent = "ply " + (data.first_ply + ply) + " / " + (data.first_ply + last);
    const p = data.plies[ply];
    now.textContent = ply === last ? "final position of the range" : "next: " + p.mover + " plays " + p.move;
    items.forEach(function (li, i) { li.classList.toggle("current", i === ply - 1); });
    const li = items[ply - 1];
    if (li && (li.offsetTop < movesList.scrollTop || li.offsetTop + li.offsetHeight > movesList.scrollTop + movesList.clientHeight))
      movesList.scrollTop = li.offsetTop - movesList.clientHeight / 2;  // the list scrolls, never the page
    board.dataset.ply = String(ply);
  }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.innerHTML = "&#x25B6;";
  }
  function play() {
    if (timer !== null) return stop();
    if (ply === last) show(0);
    playButton.innerHTML = "&#x2016;";
    timer = setInterval(function () {
      if (ply >= last) return stop();
      show(ply + 1);
    }, 400);
  }
  document.getElementById("first").addEventListener("click", function () { stop(); show(0); });
  document.getElementById("prev").addEventListener("click", function () { stop(); show(ply - 1); });
  document.getElementById("next").addEventListener("click", function () { stop(); show(ply + 1); });
  document.getElementById("last").addEventListener("click", function () { stop(); show(last); });
  document.getElementById("zoom").addEventListener("click", function () { board.classList.toggle("zoomed"); });
  playButton.addEventListener("click", play);
  slider.addEventListener("input", function () { stop(); show(Number(slider.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { stop(); show(ply + 1); }
    else if (e.key === "ArrowLeft") { stop(); show(ply - 1); }
    else if (e.key === "Home") { stop(); show(0); }
    else if (e.key === "End") { stop(); show(last); }
    else if (e.key === " ") { e.preventDefault(); play(); }
  });
  const m = /ply=(\d+)/.exec(location.hash);
  show(m ? Number(m[1]) - data.first_ply : 0);
  window.qilabReplay = { show: show, ply: function () { return ply; }, count: last + 1 };
})();
</script>
</body>
</html>
)html";

// The template with each @TITLE@ and @DATA@ marker replaced, in one pass over the template,
// so the text put in (a title or the game's data) is never scanned for markers itself.
std::string fill(std::string_view tpl, const std::string& title, const std::string& data) {
  std::string out;
  out.reserve(tpl.size() + data.size() + 2 * title.size());
  for (std::size_t i = 0; i < tpl.size();) {
    if (tpl.substr(i, 7) == "@TITLE@") {
      out += title;
      i += 7;
    } else if (tpl.substr(i, 6) == "@DATA@") {
      out += data;
      i += 6;
    } else {
      out += tpl[i++];
    }
  }
  return out;
}

}  // namespace

std::string replay_html(const ReplayPage& page) {
  nlohmann::json plies = nlohmann::json::array();
  for (const ReplayPly& p : page.plies)
    plies.push_back({{"svg", p.svg}, {"mover", p.mover}, {"move", p.move}});
  const nlohmann::json data = {{"facts", page.facts},
                               {"agents", page.agents},
                               {"returns", page.returns},
                               {"first_ply", page.first_ply},
                               {"plies", plies}};
  // Every '<' (only ever inside a JSON string) as \u003c: nothing in the data can end the
  // <script> element early. Invalid UTF-8 (a hand-edited record) is replaced, not thrown.
  const std::string dumped = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string safe;
  safe.reserve(dumped.size() + dumped.size() / 8);
  for (char c : dumped) {
    if (c == '<')
      safe += "\\u003c";
    else
      safe += c;
  }
  return fill(kTemplate, svg::escape(page.title), safe);
}

}  // namespace qilab::cli
