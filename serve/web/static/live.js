// A live table: its changing part is replaced at each change the server
// streams (Server-Sent Events), and the running clock counts down between
// them. Without this script the page shows the table as it was loaded.
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live) return;
  // skew is the server's clock minus this one's, from the time each
  // event was sent: the clocks count from the server's instant.
  let skew = Number(live.dataset.now) - Date.now();

  function two(n) { return n < 10 ? "0" + n : String(n); }
  function clockText(ms) {
    let s = Math.ceil(Math.max(ms, 0) / 1000);
    if (s >= 3600) return Math.floor(s / 3600) + ":" + two(Math.floor(s / 60) % 60) + ":" + two(s % 60);
    return Math.floor(s / 60) + ":" + two(s % 60);
  }
  function tick() {
    const table = live.querySelector(".table");
    if (!table || table.dataset.over) return;
    const at = Number(table.dataset.at);
    for (const c of live.querySelectorAll(".clock[data-running]")) {
      const left = Number(c.dataset.left) - (Date.now() + skew - at);
      c.textContent = clockText(left);
    }
  }
  setInterval(tick, 200);
  tick();

  const stream = new EventSource("/table/" + encodeURIComponent(live.dataset.code) + "/events");
  stream.addEventListener("table", function (e) {
    const nl = e.data.indexOf("\n");
    skew = Number(e.data.slice(0, nl)) - Date.now();
    live.innerHTML = e.data.slice(nl + 1);
    tick();
  });
  stream.addEventListener("closed", function (e) {
    stream.close();
    const p = document.createElement("p");
    p.className = "result";
    p.textContent = e.data.slice(e.data.indexOf("\n") + 1);
    live.appendChild(p);
  });
})();
