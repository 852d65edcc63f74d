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
  // Offline, htmx cannot fetch a fragment; a link then loads its whole page, which the
  // service worker may have kept.
  document.addEventListener("htmx:sendError", function (event) {
    swapping = false;
    var link = event.detail && event.detail.elt && event.detail.elt.closest("a[href]");
    if (link) window.location.href = link.href;
  });
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
  // Keep the Almanach readable offline (offline/static/sw.js, served from the site's root).
  var worker = document.currentScript && document.currentScript.getAttribute("data-service-worker");
  if (worker && "serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(worker).catch(function () { /* the site works without */ });
    });
  }
  // Escape closes the search suggestions.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var box = document.getElementById("hledat-naseptavac");
    if (box) box.innerHTML = "";
  });
})();
