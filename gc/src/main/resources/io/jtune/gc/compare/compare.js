/*
 * jtune HTML report, compare part: the comparison's sections (sides, the per-window GC table
 * side by side, pause distributions, per-metric verdicts, findings on one side only) as text
 * and sortable tables, and the GC time per window of every side as one chart. It runs ahead of
 * report.js, which hands it the page's helpers (every text is set with textContent) and calls
 * the renderer returned here with the data's `compare` part.
 */
(window.jtuneParts = window.jtuneParts || {}).compare = function (h) {
  'use strict';
  var el = h.el;
  var COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#9c755f', '#edc948', '#8c8c8c'];

  function chart(c, s) {
    var r = c.report;
    var box = h.chartBox(s, 'gc-time');
    var datasets = r.sides.map(function (side, i) {
      return {
        label: side.label + ' GC time %',
        borderColor: COLORS[i % COLORS.length],
        backgroundColor: COLORS[i % COLORS.length],
        pointRadius: 2,
        data: r.windows.map(function (w) { return { x: w.offsetS, y: w.sides[i].gcTimePct }; })
      };
    });
    h.makeChart(box, 'gc-time', {
      type: 'line',
      data: { datasets: datasets },
      options: {
        animation: false,
        parsing: false,
        scales: {
          x: { type: 'linear', title: { display: true, text: 's from the start of the common range' } },
          y: { beginAtZero: true, title: { display: true, text: 'GC time % per window' } }
        }
      }
    });
  }

  return function (c) {
    c.sections.forEach(function (t, i) {
      var s = h.section('sec-compare-' + i, t.title, t.title);
      if (t.lines.length) {
        var ul = el('ul', 'lines');
        t.lines.forEach(function (l) { ul.appendChild(el('li', 'text', l)); });
        s.appendChild(ul);
      }
      if (i === 1) {
        chart(c, s);
      }
      if (t.rows.length) {
        s.appendChild(h.table(t.headers, t.rows, t.title));
      }
    });
  };
};
