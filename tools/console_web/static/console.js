// The console's pages: live updates over a WebSocket, decisions through the JSON API.
// Every fragment comes rendered and escaped by the server; this script only places it.
(function () {
  "use strict";
  var body = document.getElementById("body");
  var form = document.getElementById("create");
  if (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = new FormData(form);
      var request = {rules: data.get("rules"), bots: [], nicknames: {}, test: data.get("test") === "on"};
      if (request.rules === "hextech") {
        request.mode = data.get("mode");
        request.filming = data.get("filming") === "on";
        if (data.get("pool")) { request.pool = data.get("pool"); }
      }
      if (data.get("seed")) { request.seed = parseInt(data.get("seed"), 10); }
      "ABCD".split("").forEach(function (l) {
        if (data.get("bot" + l) === "on") { request.bots.push(l); }
        var nick = (data.get("nick" + l) || "").trim();
        if (nick) { request.nicknames[l] = nick; }
      });
      fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
                            body: JSON.stringify(request)})
        .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
        .then(function (res) {
          if (res[0]) { window.location = res[1].host; }
          else { document.getElementById("error").textContent = res[1].error; }
        });
    });
  }
  if (!body || !body.dataset.socket) { return; }
  var token = body.dataset.token;
  var delay = 500;
  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + body.dataset.socket);
    socket.onopen = function () { delay = 500; document.body.classList.remove("offline"); };
    socket.onmessage = function (ev) {
      var frame = JSON.parse(ev.data);
      if (frame.type === "view") { body.innerHTML = frame.html; }
      else if (frame.type === "error") { say(frame.message); }
    };
    socket.onclose = function () {
      document.body.classList.add("offline");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  function say(message) {
    var error = document.getElementById("error");
    if (error) { error.textContent = message; }
  }
  function post(path, payload) {
    fetch("/api/seats/" + token + path, {method: "POST", headers: {"Content-Type": "application/json"},
                                         body: JSON.stringify(payload)})
      .then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok) {
            say(j.error);
            body.querySelectorAll("button[disabled]").forEach(function (b) { b.disabled = false; });
          }
        });
      });
  }
  body.addEventListener("click", function (ev) {
    var button = ev.target.closest("button");
    if (!button || !token) { return; }
    if (button.dataset.option !== undefined) { button.disabled = true; post("/decide", {option: button.dataset.option, decision: Number(button.dataset.decision)}); }
    else if (button.dataset.confirm) { button.disabled = true; post("/confirm", {}); }
  });
  connect();
}());
