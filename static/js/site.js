// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // While htmx swaps a step in, a key press waits for it instead of following a stale link.
  var swapping = false;
  var pendingKey = null;
  document.addEventListener("htmx:beforeRequest", function () { swapping = true; });
  document.addEventListener("htmx:afterSettle", function () {
    swapping = false;
    if (pendingKey) { var rel = pendingKey; pendingKey = null; follow(rel); }
  });
  document.addEventListener("htmx:responseError", function () { swapping = false; });
  document.addEventListener("htmx:sendError", function () { swapping = false; });
  function follow(rel) {
    var link = document.querySelector("[data-keynav] a[rel='" + rel + "']");
    if (link) link.click();
    return Boolean(link);
  }
  // ← and → follow the page's rel="prev" / rel="next" links (tutorial steps, quiz questions).
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    if (!rel) return;
    if (!document.querySelector("[data-keynav] a[rel='" + rel + "']")) return;
    event.preventDefault();
    if (swapping) { pendingKey = rel; return; }
    follow(rel);
  });
  // Escape closes the search suggestions.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var box = document.getElementById("hledat-naseptavac");
    if (box) box.innerHTML = "";
  });
})();
