// The tables' list: read again every five seconds and put in place, so
// that a table opened or begun shows without a reload. Without this
// script the page shows the tables as they were when it was loaded.
"use strict";
(function () {
  const main = document.querySelector("main");
  async function refresh() {
    try {
      const res = await fetch(location.href, { headers: { Accept: "text/html" } });
      if (!res.ok) return;
      const page = new DOMParser().parseFromString(await res.text(), "text/html");
      const fresh = page.querySelector("main");
      if (fresh) main.replaceChildren(...fresh.childNodes);
    } catch (e) {
      // The server is away for a moment: the next try may find it.
    }
  }
  setInterval(refresh, 5000);
})();
