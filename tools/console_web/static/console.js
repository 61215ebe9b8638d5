// The console's pages: live updates over a WebSocket, answers through the JSON API.
// Every fragment comes rendered and escaped by the server; this script only places it, keeps a
// card's sheet open across updates, counts a timer down, and holds a tap while the server is away.
(function () {
  "use strict";
  var JSON_TYPE = {"Content-Type": "application/json"};
  var body = document.getElementById("body");
  var sheet = document.getElementById("sheet");
  var away = document.getElementById("away");
  var openSheet = null;
  var selected = null;
  var queued = null;
  var online = true;
  var lost = false;
  var wasAsked = false;

  function $(selector, root) { return (root || document).querySelector(selector); }

  function say(message) {
    var error = document.getElementById("error");
    if (error) { error.textContent = message || ""; }
  }

  // --- the set-up page ---------------------------------------------------------------------
  var form = document.getElementById("create");
  if (form) {
    var rules = form.elements.rules;
    var showRules = function () {
      form.querySelectorAll("[data-rules]").forEach(function (part) {
        part.hidden = part.dataset.rules !== rules.value;
        part.querySelectorAll("input, select").forEach(function (field) { field.disabled = part.hidden; });
      });
    };
    rules.addEventListener("change", showRules);
    showRules();
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = new FormData(form);
      var request = {rules: rules.value, bots: [], nicknames: {}, test: data.get("test") === "on"};
      if (request.rules === "hextech") {
        request.mode = data.get("mode");
        request.filming = data.get("filming") === "on";
        if (data.get("pool")) { request.pool = data.get("pool"); }
      } else {
        request.options = {};
        form.querySelectorAll("[data-rules='" + request.rules + "'] [data-option-name]").forEach(function (field) {
          var name = field.dataset.optionName;
          if (field.type === "checkbox") { request.options[name] = field.checked; }
          else if (field.type === "number") { request.options[name] = parseInt(field.value, 10); }
          else { request.options[name] = field.value; }
        });
      }
      if (data.get("seed")) { request.seed = parseInt(data.get("seed"), 10); }
      if (data.get("timer")) { request.timer = parseInt(data.get("timer"), 10); }
      if (data.get("stand_in") === "on") { request.stand_in = true; }
      "ABCD".split("").forEach(function (l) {
        if (data.get("bot" + l) === "on") { request.bots.push(l); }
        var nick = (data.get("nick" + l) || "").trim();
        if (nick) { request.nicknames[l] = nick; }
      });
      fetch("/api/tables", {method: "POST", headers: JSON_TYPE, body: JSON.stringify(request)})
        .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
        .then(function (res) {
          if (res[0]) { window.location = res[1].host; } else { say(res[1].error); }
        });
    });
  }
  var upload = document.getElementById("upload");
  if (upload) {
    upload.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var file = upload.elements.log.files[0];
      if (!file) { return; }
      file.text().then(function (text) {
        return fetch("/api/replays", {method: "POST", headers: JSON_TYPE, body: JSON.stringify({log: text})});
      }).then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
        .then(function (res) {
          if (res[0]) { window.location = res[1].url; }
          else { document.getElementById("upload-error").textContent = res[1].error; }
        });
    });
  }

  // --- sheets: a card's whole text, the player's own cards ---------------------------------
  function fillSheet() {
    var source = openSheet && body && body.querySelector("template[data-sheet='" + openSheet + "']");
    if (!source) { return false; }
    var content = document.getElementById("sheet-content");
    content.replaceChildren(source.content.cloneNode(true));
    return true;
  }
  function showSheet(key) {
    openSheet = key;
    if (fillSheet()) { sheet.hidden = false; }
  }
  function closeSheet() { openSheet = null; if (sheet) { sheet.hidden = true; } }

  // --- the dock: a tile tapped, the answer sent, a tap held while the server is away -------
  function dock() { return document.getElementById("dock"); }
  function choose(tile) {
    body.querySelectorAll(".ht.selected").forEach(function (t) { t.classList.remove("selected"); });
    var confirm = body.querySelector("[data-confirm-discard]");
    selected = tile ? tile.dataset.option : null;
    if (!tile) { if (confirm) { confirm.hidden = true; } return; }
    tile.classList.add("selected");
    if (confirm) {
      confirm.hidden = false;
      confirm.replaceChildren(document.createTextNode("打出 "), tile.querySelector(".tile").cloneNode(true));
    }
  }
  function answered() { var d = dock(); return d ? d.dataset.answered : null; }
  function post(path, payload, done) {
    fetch("/api/seats/" + body.dataset.token + path, {method: "POST", headers: JSON_TYPE, body: JSON.stringify(payload)})
      .then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok) {
            say(j.error);
            body.querySelectorAll("button[disabled]").forEach(function (b) { b.disabled = false; });
          } else if (done) { done(j); }
        });
      }, function () { hold(path, payload); });
  }
  function send(option, decision) {
    var payload = {option: option, decision: Number(decision)};
    say("");
    if (!online) { hold("/decide", payload); return; }
    body.querySelectorAll("[data-option]").forEach(function (b) { b.disabled = true; });
    post("/decide", payload);
  }
  function hold(path, payload) {
    queued = {path: path, payload: payload, answered: answered()};
    var note = document.getElementById("queued");
    if (note) { note.textContent = " 你的选择会在连接恢复后发出。"; }
    setOnline(false);
  }
  function release() {
    if (!queued) { return; }
    var q = queued;
    queued = null;
    var note = document.getElementById("queued");
    if (note) { note.textContent = ""; }
    var still = q.path !== "/decide" ||
      (answered() === q.answered && body.querySelector("[data-option='" + CSS.escape(q.payload.option) + "']"));
    if (still) { post(q.path, q.payload); } else { say("连接恢复时这个选择已经过时，请重新选择。"); }
  }
  function setOnline(up) {
    online = up;
    document.body.classList.toggle("offline", !up);
    if (away) { away.hidden = up; }
  }

  // --- timers: the host's count for the turn, a phone's for its own decision ---------------
  var countdown = {key: null, ends: 0};
  function tick() {
    var shown = document.querySelector(".timer[data-timer-key], .countdown[data-timer-key]");
    if (!shown) { countdown.key = null; return; }
    if (shown.dataset.timerKey !== countdown.key) {
      countdown.key = shown.dataset.timerKey;
      countdown.ends = Date.now() + 1000 * parseInt(shown.dataset.seconds, 10);
    }
    var left = Math.max(0, Math.ceil((countdown.ends - Date.now()) / 1000));
    shown.textContent = left + " 秒";
    shown.classList.toggle("late", left <= 5);
  }
  setInterval(tick, 250);

  function placed() {
    var d = dock();
    if (d) {
      document.body.style.paddingBottom = (d.offsetHeight + 12) + "px";
      var asked = d.classList.contains("asked");
      if (asked && !wasAsked && navigator.vibrate) { navigator.vibrate([120, 60, 120]); }
      wasAsked = asked;
      var timer = parseInt(body.dataset.timer || "0", 10);
      var bar = d.querySelector(".prompt");
      if (timer && asked && bar && !bar.querySelector(".countdown")) {
        var c = document.createElement("span");
        c.className = "countdown";
        c.dataset.timerKey = d.dataset.answered + ":" + d.dataset.kind;
        c.dataset.seconds = String(timer);
        bar.appendChild(c);
      }
      if (selected) {
        var again = body.querySelector(".ht[data-option='" + CSS.escape(selected) + "']");
        choose(again);
      }
    }
    if (openSheet) { fillSheet(); }
    tick();
  }

  // --- clicks ---------------------------------------------------------------------------------
  document.addEventListener("click", function (ev) {
    var target = ev.target.closest("button, [data-close], .sheet");
    if (!target) { return; }
    if (target === sheet) { closeSheet(); return; }
    if (target.dataset.close !== undefined) { closeSheet(); return; }
    if (target.dataset.sheet) { showSheet(target.dataset.sheet); return; }
    if (target.dataset.card) { showSheet("card:" + target.dataset.card); return; }
    if (target.dataset.take !== undefined) {
      var main = $("main.take");
      fetch("/api/seats/" + main.dataset.token + "/take", {method: "POST", headers: JSON_TYPE, body: "{}"})
        .then(function (r) { return r.json().then(function (j) { if (r.ok) { window.location.reload(); } else { say(j.error); } }); });
      return;
    }
    if (target.dataset.showLink) {
      fetch("/api/host/" + body.dataset.host + "/show", {method: "POST", headers: JSON_TYPE,
                                                          body: JSON.stringify({seat: target.dataset.showLink})});
      return;
    }
    if (!body || !body.dataset.token || lost) { return; }
    if (target.classList.contains("ht") && target.dataset.option) {
      if (selected === target.dataset.option) { send(selected, target.dataset.decision); selected = null; } else { choose(target); }
      return;
    }
    if (target.dataset.confirmDiscard !== undefined && selected) { send(selected, target.dataset.decision); selected = null; return; }
    if (target.dataset.option !== undefined) { send(target.dataset.option, target.dataset.decision); return; }
    if (target.dataset.confirm) { target.disabled = true; post("/confirm", {}); return; }
    if (target.dataset.seen) { target.disabled = true; post("/seen", {round: parseInt(target.dataset.seen, 10)}); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { closeSheet(); return; }
    var step = document.querySelector(".controls [data-key='" + ev.key + "']");
    if (step) { ev.preventDefault(); step.click(); }
  });

  // --- the live connection ----------------------------------------------------------------
  if (!body || !body.dataset.socket) { return; }
  var delay = 500;
  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + body.dataset.socket);
    socket.onopen = function () { delay = 500; setOnline(true); };
    socket.onmessage = function (ev) {
      var frame = JSON.parse(ev.data);
      if (frame.type === "view") {
        body.innerHTML = frame.html;
        placed();
        release();
      } else if (frame.type === "lost") {
        lost = true;
        document.body.classList.add("lost");
        body.innerHTML = "";
        var gone = document.createElement("main");
        gone.className = "take lostseat";
        var title = document.createElement("h1");
        title.textContent = "座位已被接管";
        var text = document.createElement("p");
        text.textContent = frame.message;
        var again = document.createElement("button");
        again.className = "takeover";
        again.dataset.take = "";
        again.textContent = "在这台手机上接管";
        gone.dataset.token = body.dataset.token;
        gone.append(title, text, again);
        body.replaceWith(gone);
      } else if (frame.type === "error") { say(frame.message); }
    };
    socket.onclose = function () {
      if (lost) { return; }
      setOnline(false);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  placed();
  connect();
}());
