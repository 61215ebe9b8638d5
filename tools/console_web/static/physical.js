// The pages of a real table (实体桌): live updates over a WebSocket, entries through the JSON API.
// Every fragment comes rendered and escaped by the server; this script only places it (the phone's
// bar fixed at the bottom, the page kept clear of it) and sends what a player taps: an option, a
// number written, the host's records, a card's text opened (a rule look-up, §18.3); "我胡了" opens the
// hu picker (physical_picker.js), which sends its hand through window.hexmjTable.post.  Each entry
// names the number the screen's view gives its next one ("entry"), so a tap sent twice — a double
// tap, a retry — is taken once (R615).
(function () {
  "use strict";
  var main = document.getElementById("table");
  if (!main) { return; }
  var token = main.dataset.token;
  var host = main.dataset.host;
  var delay = 500;
  function say(message) {
    var error = document.getElementById("error");
    if (error) { error.textContent = message || ""; }
  }
  function numbered(payload) {
    var mark = document.getElementById("entry");
    if (mark && payload.option !== "lookup") { payload.entry = parseInt(mark.dataset.entry, 10); }
    return payload;
  }
  function post(payload, path) {
    if (!path) { numbered(payload); }
    var url = host ? "/api/tables/" + main.dataset.table + "/decide" : "/api/seats/" + token + (path || "/decide");
    var headers = {"Content-Type": "application/json"};
    if (host) { headers.Authorization = "Bearer " + host; }
    return fetch(url, {method: "POST", headers: headers, body: JSON.stringify(payload)})
      .then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok) { say(j.error); }
          main.querySelectorAll("button[disabled]").forEach(function (b) { b.disabled = false; });
          return {ok: r.ok, error: j.error || ""};
        });
      });
  }
  window.hexmjTable = {post: post};
  function place() {
    var dock = document.getElementById("dock");
    document.body.style.paddingBottom = dock ? (dock.offsetHeight + 12) + "px" : "";
  }
  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + main.dataset.socket);
    socket.onopen = function () { delay = 500; document.body.classList.remove("offline"); };
    socket.onmessage = function (ev) {
      var frame = JSON.parse(ev.data);
      if (frame.type === "view") { main.innerHTML = frame.html; place(); }
      else if (frame.type === "error") { say(frame.message); }
    };
    socket.onclose = function () {
      document.body.classList.add("offline");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest("button");
    if (!button) { return; }
    if (button.classList.contains("hu")) {
      document.dispatchEvent(new CustomEvent("hexmj:hu", {detail: {seat: button.dataset.seat || ""}}));
      return;
    }
    if (button.dataset.option !== undefined) {
      button.disabled = true;
      post({option: button.dataset.option});
    } else if (button.dataset.free !== undefined) {
      var input = button.parentElement.querySelector("input.free");
      post({option: button.dataset.free + input.value.trim()});
    } else if (button.dataset.confirm) {
      button.disabled = true;
      post({}, "/confirm");
    }
  });
  document.addEventListener("toggle", function (ev) {
    var details = ev.target;
    if (!details.classList || !details.open) { return; }
    if (details.classList.contains("card")) {
      post({option: "lookup", card: details.querySelector("summary").textContent.trim().split(/\s+/)[0]});
    } else if (details.classList.contains("rule")) {
      post({option: "lookup", section: details.dataset.section});
    }
  }, true);
  var rules = document.getElementById("rules");
  if (rules) {
    rules.addEventListener("submit", function (ev) {
      ev.preventDefault();
      fetch("/api/rulebook?q=" + encodeURIComponent(field(rules, "q")))
        .then(function (r) { return r.json(); })
        .then(function (found) {
          var list = document.getElementById("rulebook");
          list.textContent = "";
          found.sections.forEach(function (s) {
            var details = document.createElement("details");
            details.className = "rule";
            details.dataset.section = s.section;
            var summary = document.createElement("summary");
            summary.textContent = s.section + " " + s.title;
            var text = document.createElement("p");
            text.className = "text";
            text.textContent = s.text;
            details.appendChild(summary);
            details.appendChild(text);
            list.appendChild(details);
          });
          if (!found.sections.length) { list.textContent = "没有找到"; }
        });
    });
  }
  function field(form, name) { return (form.elements[name].value || "").trim(); }
  var missed = document.getElementById("missed");
  if (missed) {
    missed.addEventListener("submit", function (ev) {
      ev.preventDefault();
      post({option: "missed", card: field(missed, "card"), seat: field(missed, "seat")})
        .then(function (answer) { if (answer.ok) { missed.reset(); } });
    });
  }
  var dispute = document.getElementById("dispute");
  if (dispute) {
    dispute.addEventListener("submit", function (ev) {
      ev.preventDefault();
      post({option: "dispute", question: field(dispute, "question"), step: field(dispute, "step"),
            outcome: field(dispute, "outcome"), cards: field(dispute, "card") ? [field(dispute, "card")] : []})
        .then(function (answer) { if (answer.ok) { dispute.reset(); } });
    });
  }
  place();
  connect();
}());
