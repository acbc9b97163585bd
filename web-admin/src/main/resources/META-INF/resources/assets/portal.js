// Parlance portal: the few things a page does in the browser. No inline code anywhere (the content
// security policy forbids it); each feature looks for its element and does nothing without it.
(function () {
  "use strict";

  // Asking: say at once that the question is being worked on, and by which stages.
  function askProgress() {
    var form = document.getElementById("ask-form");
    if (!form) return;
    form.addEventListener("submit", function () {
      var progress = document.getElementById("progress");
      var button = document.getElementById("ask-button");
      var stages = ["retrieval", "generation", "execution", "vote"];
      var i = 0;
      progress.textContent = "Working: " + stages[0] + "\u2026";
      button.disabled = true;
      setInterval(function () {
        i = Math.min(i + 1, stages.length - 1);
        progress.textContent = "Working: " + stages.slice(0, i + 1).join(" \u2192 ") + "\u2026";
      }, 1500);
      // Keep the question typed so far, should the session have to be renewed by a new sign-in.
      try { sessionStorage.setItem("parlance.question", document.getElementById("question").value); } catch (e) { /* private mode */ }
    });
    var question = document.getElementById("question");
    if (question && !question.value) {
      try {
        var kept = sessionStorage.getItem("parlance.question");
        if (kept) question.value = kept;
      } catch (e) { /* private mode */ }
    }
    if (document.getElementById("answer")) {
      try { sessionStorage.removeItem("parlance.question"); } catch (e) { /* private mode */ }
    }
  }

  function resultData() {
    var block = document.getElementById("result-data");
    return block ? JSON.parse(block.textContent) : null;
  }

  // The chart chosen from the result's shape, switchable.
  var chart = null;
  function drawChart(data, kind) {
    var canvas = document.getElementById("chart");
    var big = document.getElementById("big-number");
    if (!canvas) return;
    if (chart) { chart.destroy(); chart = null; }
    canvas.parentElement.hidden = true;
    big.hidden = true;
    if (kind === "none") return;
    if (kind === "number") {
      big.textContent = String(data.rows[0][0]);
      big.hidden = false;
      return;
    }
    if (typeof Chart === "undefined") return;
    canvas.parentElement.hidden = false;
    var labels = data.rows.map(function (r) { return r[0]; });
    var values = data.rows.map(function (r) { return Number(r[1]); });
    var config;
    if (kind === "scatter") {
      config = { type: "scatter", data: { datasets: [{ label: data.columns[1], data: data.rows.map(function (r) { return { x: Number(r[0]), y: Number(r[1]) }; }), backgroundColor: "#0b5cad" }] } };
    } else {
      config = { type: kind === "line" ? "line" : "bar", data: { labels: labels, datasets: [{ label: data.columns[1], data: values, backgroundColor: "#0b5cad", borderColor: "#0b5cad" }] } };
    }
    config.options = { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } };
    canvas.setAttribute("aria-label", (kind === "scatter" ? "Scatter plot of " : "Chart of ") + data.columns.join(" and "));
    chart = new Chart(canvas, config);
  }

  function charts() {
    var data = resultData();
    var select = document.getElementById("chart-kind");
    if (!data || !select) return;
    drawChart(data, select.value);
    select.addEventListener("change", function () { drawChart(data, select.value); });
  }

  // CSV of exactly the rows the table shows (RFC 4180 quoting).
  function csvCell(v) {
    if (v === null || v === undefined) return "";
    var s = String(v);
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function download() {
    var button = document.getElementById("download-csv");
    if (!button) return;
    button.addEventListener("click", function () {
      var data = resultData();
      var lines = [data.columns.map(csvCell).join(",")];
      data.rows.forEach(function (r) { lines.push(r.map(csvCell).join(",")); });
      var blob = new Blob([lines.join("\r\n") + "\r\n"], { type: "text/csv" });
      var a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "parlance-answer.csv";
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
  }

  // Sorting a result table by a column (click or Enter on its header button).
  function sortable() {
    document.querySelectorAll("table.sortable").forEach(function (table) {
      table.querySelectorAll("th").forEach(function (th, index) {
        var button = th.querySelector("button.sort");
        if (!button) return;
        th.setAttribute("aria-sort", "none");
        button.addEventListener("click", function () {
          var ascending = th.getAttribute("aria-sort") !== "ascending";
          table.querySelectorAll("th").forEach(function (other) { other.setAttribute("aria-sort", "none"); });
          th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          var body = table.tBodies[0];
          var rows = Array.prototype.slice.call(body.rows);
          rows.sort(function (a, b) {
            var x = a.cells[index].textContent, y = b.cells[index].textContent;
            var nx = parseFloat(x), ny = parseFloat(y);
            var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
            return ascending ? c : -c;
          });
          rows.forEach(function (r) { body.appendChild(r); });
        });
      });
    });
  }

  // SQL keywords highlighted (text only: the code stays the escaped text the server sent).
  var KEYWORDS = /\b(SELECT|FROM|WHERE|GROUP BY|ORDER BY|HAVING|JOIN|LEFT JOIN|INNER JOIN|ON|AS|AND|OR|NOT|IN|LIMIT|COUNT|SUM|AVG|MIN|MAX|DISTINCT|CASE|WHEN|THEN|ELSE|END|DESC|ASC|WITH|UNION|IS|NULL|LIKE|BETWEEN)\b/gi;
  function highlightCode(code) {
    var text = code.textContent;
    code.textContent = "";
    var last = 0;
    text.replace(KEYWORDS, function (match, _k, offset) {
      code.appendChild(document.createTextNode(text.slice(last, offset)));
      var span = document.createElement("span");
      span.className = "kw";
      span.textContent = match;
      code.appendChild(span);
      last = offset + match.length;
      return match;
    });
    code.appendChild(document.createTextNode(text.slice(last)));
  }

  function highlight() {
    document.querySelectorAll("code.sql").forEach(highlightCode);
  }

  // The view editor: the highlighted, numbered preview follows what is typed (the line the last
  // check marked stays marked until the SQL changes).
  function viewEditor() {
    var area = document.getElementById("view-sql");
    var preview = document.getElementById("view-sql-preview");
    if (!area || !preview) return;
    area.addEventListener("input", function () {
      preview.textContent = "";
      area.value.split("\n").forEach(function (line) {
        var item = document.createElement("li");
        var code = document.createElement("code");
        code.className = "sql";
        code.textContent = line;
        highlightCode(code);
        item.appendChild(code);
        preview.appendChild(item);
      });
    });
  }

  // Importing a curation file: the chosen file's text goes into the box the form posts.
  function importFile() {
    var input = document.getElementById("import-file");
    var area = document.getElementById("import-yaml");
    if (!input || !area) return;
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) return;
      file.text().then(function (text) { area.value = text; });
    });
  }

  // Curation quality: a line per budget over the versions measured (the table beside it holds the
  // same numbers).
  function qualityChart() {
    var block = document.getElementById("quality-data");
    var canvas = document.getElementById("quality-chart");
    if (!block || !canvas || typeof Chart === "undefined") return;
    var data = JSON.parse(block.textContent);
    var colours = ["#0b5cad", "#1f6f3f", "#8a5300"];
    var datasets = Object.keys(data.series).map(function (name, i) {
      return { label: name, data: data.series[name], borderColor: colours[i % colours.length], backgroundColor: colours[i % colours.length], spanGaps: false };
    });
    new Chart(canvas, {
      type: "line",
      data: { labels: data.labels, datasets: datasets },
      options: { animation: false, maintainAspectRatio: false, scales: { y: { min: 0, max: 1, title: { display: true, text: "recall" } } } }
    });
  }

  // A page that shows work in progress (an index being built) asks for itself again.
  function refresh() {
    var marked = document.querySelector("[data-refresh]");
    if (!marked) return;
    setTimeout(function () { window.location.assign(window.location.pathname); }, Number(marked.getAttribute("data-refresh")) * 1000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    askProgress();
    highlight();
    viewEditor();
    importFile();
    qualityChart();
    charts();
    download();
    sortable();
    refresh();
  });
})();
