// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // ← and → follow the page's rel="prev" / rel="next" links (tutorial steps, quiz questions).
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    if (!rel) return;
    var link = document.querySelector("[data-keynav] a[rel='" + rel + "']");
    if (link) { event.preventDefault(); link.click(); }
  });
  // Escape closes the search suggestions.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var box = document.getElementById("hledat-naseptavac");
    if (box) box.innerHTML = "";
  });
})();
