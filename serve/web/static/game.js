// A kept omok game, step by step: the links (first, back, next, last, and
// each move of the list) and the keys ← → Home End show the board after
// that move without a reload. Every stone is on the page; this hides
// those after the move shown, marks it, and keeps ?move= in the address.
// Without this script each link loads the page of its move.
"use strict";
(function () {
  const steps = document.getElementById("steps");
  if (!steps) return;
  const total = Number(steps.dataset.total);
  const win = new Set((steps.dataset.win || "").split(" ").filter(Boolean).map(Number));
  const stones = Array.from(steps.querySelectorAll("svg .stone[data-n]"));
  const items = Array.from(steps.querySelectorAll("ol.moves li"));
  const counter = steps.querySelector(".step");
  const links = {};
  for (const a of steps.querySelectorAll("nav.steps a[data-to]")) links[a.dataset.to] = a;
  let at = Number(steps.dataset.at);

  function setLink(a, n, off) {
    a.href = "?move=" + n;
    if (off) a.setAttribute("aria-disabled", "true");
    else a.removeAttribute("aria-disabled");
  }

  function show(n) {
    at = Math.min(Math.max(n, 0), total);
    for (const s of stones) {
      const k = Number(s.dataset.n);
      s.classList.toggle("hidden", k > at);
      s.classList.toggle("last", k === at);
      s.classList.toggle("win", at === total && win.has(k));
    }
    items.forEach(function (li, i) { li.classList.toggle("current", i + 1 === at); });
    let i = 0;
    counter.textContent = counter.dataset.of.replace(/%d/g, function () { return String(i++ === 0 ? at : total); });
    setLink(links.first, 0, at === 0);
    setLink(links.prev, Math.max(at - 1, 0), at === 0);
    setLink(links.next, Math.min(at + 1, total), at === total);
    setLink(links.last, total, at === total);
    const url = new URL(window.location.href);
    url.searchParams.set("move", String(at));
    history.replaceState(null, "", url);
  }

  const targets = { first: function () { return 0; }, prev: function () { return at - 1; },
    next: function () { return at + 1; }, last: function () { return total; } };
  steps.addEventListener("click", function (e) {
    const a = e.target.closest("a");
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    if (a.dataset.to) show(targets[a.dataset.to]());
    else if (a.dataset.n) show(Number(a.dataset.n));
    else return;
    e.preventDefault();
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  const keys = steps.querySelector(".keys");
  if (keys) keys.classList.remove("hidden");
})();
