// Draws the report's charts with Chart.js (inlined above) from the "parlance-charts" data block:
// each chart's numbers and the words of its tooltips and bar labels come from the report itself.
(function () {
  "use strict";
  var charts = JSON.parse(document.getElementById("parlance-charts").textContent);
  var percent = function (v) { return Math.round(v * 100) + "%"; };

  // Draws each dataset's "values" (a bar's number) beside its bar, as the report always did.
  var valueLabels = {
    id: "valueLabels",
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx;
      var horizontal = chart.options.indexAxis === "y";
      ctx.save();
      ctx.font = "600 11px system-ui, sans-serif";
      ctx.fillStyle = "#1f2937";
      chart.data.datasets.forEach(function (dataset, d) {
        if (!dataset.values || chart.getDatasetMeta(d).hidden) return;
        chart.getDatasetMeta(d).data.forEach(function (bar, i) {
          var text = dataset.values[i];
          if (!text || dataset.data[i] === null) return;
          if (horizontal) {
            ctx.textAlign = "left";
            ctx.textBaseline = "middle";
            ctx.fillText(text, bar.x + 6, bar.y);
          } else {
            ctx.textAlign = "center";
            ctx.textBaseline = "bottom";
            ctx.fillText(text, bar.x, bar.y - 4);
          }
        });
      });
      ctx.restore();
    }
  };

  function tooltip(context) {
    var tips = context.dataset.tips;
    return tips ? tips[context.dataIndex] : null;
  }

  function config(chart) {
    var options = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      layout: { padding: { top: 16, right: chart.horizontal ? 110 : 8 } },
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: tooltip } } }
    };
    if (chart.kind === "calibration") {
      var axis = function (title, format) {
        return { min: 0, max: 1, title: { display: true, text: title }, ticks: { stepSize: 0.25, callback: format } };
      };
      options.scales = {
        x: axis("confidence (share of candidates agreeing)", function (v) { return v.toFixed(2); }),
        y: axis("accuracy", percent)
      };
      var datasets = [{
        data: [{ x: 0, y: 0 }, { x: 1, y: 1 }], showLine: true, borderColor: "#9ca3af",
        borderDash: [4, 4], borderWidth: 1, pointRadius: 0, pointHitRadius: 0
      }];
      chart.datasets.forEach(function (series) {
        datasets.push({
          label: series.label, data: series.points, tips: series.tips, showLine: true,
          borderColor: series.color, borderWidth: 1.5, backgroundColor: series.color + "8c",
          pointRadius: series.points.map(function (p) { return p.r; }),
          pointHoverRadius: series.points.map(function (p) { return p.r + 2; })
        });
      });
      return { type: "scatter", data: { datasets: datasets }, options: options };
    }
    var value = { min: 0, ticks: {} };
    if (chart.unit === "percent") {
      value.max = 1;
      value.ticks = { stepSize: 0.25, callback: percent };
    }
    var category = { stacked: !!chart.stacked, grid: { display: false } };
    value.stacked = !!chart.stacked;
    options.indexAxis = chart.horizontal ? "y" : "x";
    options.scales = chart.horizontal ? { x: value, y: category } : { x: category, y: value };
    var datasets = chart.datasets.map(function (series) {
      return {
        label: series.label, data: series.data, tips: series.tips, values: series.values,
        backgroundColor: series.colors || series.color, stack: series.stack,
        maxBarThickness: 46, categoryPercentage: 0.8, barPercentage: 0.95
      };
    });
    return { type: "bar", data: { labels: chart.labels, datasets: datasets }, options: options, plugins: [valueLabels] };
  }

  charts.forEach(function (chart) {
    var canvas = document.getElementById("chart-" + chart.id);
    if (canvas && typeof Chart !== "undefined") new Chart(canvas, config(chart));
  });
})();
