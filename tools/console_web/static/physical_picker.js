// The hu picker of a real table (实体桌): the winner (or the host, for a seat) builds the hand by tapping
// the drawn tiles — the concealed tiles, the melds as groups (吃 碰 明杠 暗杠 加杠), the winning tile, the
// flowers — and says how it was won and the wall's count.  A face never goes past the 4 copies of the
// set, a flower past its one, the hand past 14 tiles.  Each change is checked by the console as the win
// would be scored (POST …/check), which says in Chinese what is wrong or what it scores; the hand is
// sent as an entry only once the console finds it right.
(function () {
  "use strict";
  var picker = document.getElementById("picker");
  var main = document.getElementById("table");
  if (!picker || !main) { return; }
  var host = main.dataset.host;
  var ORDER = "mpszf";
  var COPIES = 4;
  var WHOLE = 14;
  var MELDS = 4;
  var WORDS = {chi: "吃", pon: "碰", minkan: "明杠", ankan: "暗杠", kakan: "加杠"};
  var HINTS = {
    concealed: "点牌加入手牌（胡的那张另选）；点上面已选的牌可以拿掉",
    chi: "点顺子中最小的那张，加入一组吃",
    pon: "点一张，加入一组碰",
    minkan: "点一张，加入一组明杠",
    ankan: "点一张，加入一组暗杠",
    kakan: "点一张，加入一组加杠",
    win: "点胡的那张牌"
  };
  var state = null;
  var timer = null;
  var asked = 0;

  function one(selector) { return picker.querySelector(selector); }
  function each(selector, fn) { Array.prototype.forEach.call(picker.querySelectorAll(selector), fn); }
  function rank(face) { return ORDER.indexOf(face[1]) * 10 + parseInt(face[0], 10); }
  function sorted(faces) { return faces.slice().sort(function (a, b) { return rank(a) - rank(b); }); }
  function compact(faces) {
    var suits = {};
    sorted(faces).forEach(function (face) { suits[face[1]] = (suits[face[1]] || "") + face[0]; });
    return ORDER.split("").filter(function (s) { return suits[s]; })
      .map(function (s) { return suits[s] + s; }).join("");
  }
  function held() {
    var count = {};
    function add(face) { count[face] = (count[face] || 0) + 1; }
    state.concealed.forEach(add);
    state.melds.forEach(function (meld) { meld.faces.forEach(add); });
    if (state.win) { add(state.win); }
    return count;
  }
  function size() { return state.concealed.length + (state.win ? 1 : 0) + 3 * state.melds.length; }
  function adds(face) {
    var n = parseInt(face[0], 10);
    var suit = face[1];
    if (state.mode === "concealed" || state.mode === "win") { return [face]; }
    if (state.mode === "chi") { return suit === "z" || n > 7 ? null : [face, (n + 1) + suit, (n + 2) + suit]; }
    return state.mode === "pon" ? [face, face, face] : [face, face, face, face];
  }
  function fits(face) {
    if (face[1] === "f") { return true; }
    var faces = adds(face);
    if (!faces) { return false; }
    var count = held();
    var grow = 1;
    if (state.mode === "win") {
      if (state.win) { count[state.win] -= 1; grow = 0; }
    } else if (state.mode !== "concealed") {
      if (state.melds.length >= MELDS) { return false; }
      grow = 3;
    }
    if (size() + grow > WHOLE) { return false; }
    var more = {};
    faces.forEach(function (f) { more[f] = (more[f] || 0) + 1; });
    return Object.keys(more).every(function (f) { return (count[f] || 0) + more[f] <= COPIES; });
  }
  function tap(face) {
    if (face[1] === "f") {
      var at = state.flowers.indexOf(face);
      if (at >= 0) { state.flowers.splice(at, 1); } else { state.flowers.push(face); }
    } else if (fits(face)) {
      if (state.mode === "concealed") { state.concealed.push(face); }
      else if (state.mode === "win") { state.win = face; state.mode = "concealed"; }
      else { state.melds.push({kind: state.mode, faces: adds(face)}); }
    } else { return; }
    changed();
  }
  function drawn(face) { return one(".pt[data-face='" + face + "'] .tile").cloneNode(true); }
  function removable(kind, index, faces, word) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = kind === "meld" ? "bt meldb" : "bt";
    button.dataset.remove = kind;
    button.dataset.index = String(index);
    if (word) {
      var label = document.createElement("span");
      label.className = "kind";
      label.textContent = word;
      button.appendChild(label);
    }
    faces.forEach(function (face) { button.appendChild(drawn(face)); });
    return button;
  }
  function render() {
    var concealed = one("[data-slot=concealed]");
    var order = sorted(state.concealed);
    concealed.replaceChildren.apply(concealed, order.map(function (face) {
      return removable("concealed", state.concealed.indexOf(face), [face]);
    }));
    var melds = one("[data-slot=melds]");
    melds.replaceChildren.apply(melds, state.melds.map(function (meld, i) {
      return removable("meld", i, meld.faces, WORDS[meld.kind]);
    }));
    var win = one("[data-slot=win]");
    win.replaceChildren.apply(win, state.win ? [removable("win", 0, [state.win])] : []);
    var flowers = one("[data-slot=flowers]");
    flowers.replaceChildren.apply(flowers, sorted(state.flowers).map(function (face) {
      return removable("flower", state.flowers.indexOf(face), [face]);
    }));
    one("[data-count]").textContent = "已选 " + size() + " / " + WHOLE + " 张（每组副露算3张）" +
      (state.flowers.length ? "，花牌 " + state.flowers.length + " 张" : "");
    one("[data-hint]").textContent = HINTS[state.mode];
    one("[data-who]").textContent = state.seat ? " · " + state.seat : "";
    each("[data-choose] button", function (b) {
      var group = b.parentElement.dataset.choose;
      b.setAttribute("aria-pressed", String(state[group] === b.dataset.value));
    });
    each(".pt", function (b) { b.disabled = !fits(b.dataset.face); b.classList.toggle("on", state.flowers.indexOf(b.dataset.face) >= 0); });
    var live = document.getElementById("live");
    var inRound = live ? live.dataset.in : "ABCD";
    one("[data-choose=from]").hidden = state.way === "self_draw";
    each("[data-choose=from] button", function (b) {
      b.hidden = b.dataset.value === state.seat || inRound.indexOf(b.dataset.value) < 0;
    });
    each("[data-flag]", function (b) {
      b.hidden = b.dataset.way !== (state.way === "self_draw" ? "self_draw" : "ron") || state.way === "rob";
      b.setAttribute("aria-pressed", String(state.flags.indexOf(b.dataset.flag) >= 0));
    });
  }
  function entry() {
    var hand = {
      concealed: compact(state.concealed.concat(state.win ? [state.win] : [])),
      melds: state.melds.map(function (meld) { return meld.kind + " " + compact(meld.faces); }),
      win_tile: state.win || "",
      win_by: state.way === "self_draw" ? "self_draw" : "ron",
      flowers: compact(state.flowers),
      flags: state.flags.concat(state.way === "rob" ? ["robbing_kong"] : [])
    };
    var body = {hand: hand};
    var wall = one("[data-wall]").value.trim();
    if (wall !== "") { body.wall = parseInt(wall, 10); }
    if (state.way !== "self_draw" && state.from) { body.from = state.from; }
    return body;
  }
  function changed() {
    state.verdict = null;
    render();
    shown();
    clearTimeout(timer);
    timer = setTimeout(check, 200);
  }
  function check() {
    var body = entry();
    var mine = ++asked;
    var headers = {"Content-Type": "application/json"};
    var url = "/api/seats/" + main.dataset.token + "/check";
    if (host) {
      body.seat = state.seat;
      headers.Authorization = "Bearer " + host;
      url = "/api/tables/" + main.dataset.table + "/check";
    }
    fetch(url, {method: "POST", headers: headers, body: JSON.stringify(body)})
      .then(function (r) {
        return r.json().then(function (j) {
          if (mine !== asked || !state) { return; }
          state.verdict = r.ok ? j : {ok: false, problem: j.error, asks: []};
          shown();
        });
      });
  }
  function shown() {
    var verdict = state.verdict;
    var line = one("[data-verdict]");
    var submit = one("[data-picker-submit]");
    submit.disabled = !(verdict && verdict.ok);
    line.classList.toggle("bad", Boolean(verdict && !verdict.ok));
    if (!verdict) { line.textContent = "检查中…"; return; }
    if (!verdict.ok) { line.textContent = verdict.problem; return; }
    var score = verdict.total === null ? "" : "：" + verdict.total + " 分（" + verdict.items.map(function (i) {
      return i.name + " " + (i.points > 0 ? "+" : "") + i.points;
    }).join("、") + "）";
    line.textContent = "可以提交" + score + (verdict.asks.length ? "。" + verdict.asks.join("；") : "");
  }
  function open(seat) {
    state = {seat: seat || picker.dataset.seat || "A", concealed: [], melds: [], win: null, flowers: [],
             mode: "concealed", way: "self_draw", from: null, flags: [], verdict: null};
    var live = document.getElementById("live");
    var wall = one("[data-wall]");
    wall.value = "";
    wall.placeholder = live && live.dataset.wall && live.dataset.wall !== "91" ? "上次告知 " + live.dataset.wall : "剩余可摸的牌数";
    picker.hidden = false;
    document.body.classList.add("picking");
    changed();
    picker.scrollTop = 0;
  }
  function close() {
    picker.hidden = true;
    state = null;
    document.body.classList.remove("picking");
  }
  function choose(group, value) {
    state[group] = value;
    if (group === "way") { state.flags = []; if (value === "self_draw") { state.from = null; } }
    changed();
  }
  picker.addEventListener("click", function (ev) {
    var target = ev.target.closest("button");
    if (!target || !state) { return; }
    if (target.dataset.pickerClose !== undefined) { close(); return; }
    if (target.dataset.pickerSubmit !== undefined) {
      var body = entry();
      body.option = host ? state.seat + " hu" : "hu";
      target.disabled = true;
      window.hexmjTable.post(body).then(function (answer) {
        if (answer.ok) { close(); } else if (state) { state.verdict = {ok: false, problem: answer.error, asks: []}; shown(); }
      });
      return;
    }
    if (target.classList.contains("pt")) { tap(target.dataset.face); return; }
    if (target.dataset.remove) {
      var index = parseInt(target.dataset.index, 10);
      if (target.dataset.remove === "concealed") { state.concealed.splice(index, 1); }
      else if (target.dataset.remove === "meld") { state.melds.splice(index, 1); }
      else if (target.dataset.remove === "flower") { state.flowers.splice(index, 1); }
      else { state.win = null; }
      changed();
      return;
    }
    if (target.dataset.flag) {
      var at = state.flags.indexOf(target.dataset.flag);
      if (at >= 0) { state.flags.splice(at, 1); } else { state.flags.push(target.dataset.flag); }
      changed();
      return;
    }
    var group = target.parentElement.dataset.choose;
    if (group) { choose(group, target.dataset.value); }
  });
  one("[data-wall]").addEventListener("input", function () { if (state) { changed(); } });
  document.addEventListener("hexmj:hu", function (ev) { open(ev.detail.seat); });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape" && state) { close(); } });
}());
