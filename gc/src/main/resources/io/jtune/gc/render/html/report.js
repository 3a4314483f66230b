/*
 * jtune HTML report: builds the page from the JSON in #data. Every text from the data is set
 * with textContent (never as markup); charts are Chart.js canvases. Each chart's container
 * carries data-points (points handed to the chart) and, on the pause timeline, data-highlighted
 * (evidence points shown), which the browser tests read; window.jtuneReport exposes the same.
 */
(function () {
  'use strict';
  var started = performance.now();
  var data = JSON.parse(document.getElementById('data').textContent);
  var report = { charts: {}, ready: false, renderMs: null, partMs: {}, selectedFinding: null };
  window.jtuneReport = report;

  var KIND_COLORS = {
    young: '#4e79a7', mixed: '#59a14f', full: '#e15759', remark: '#b07aa1',
    cleanup: '#9c755f', 'initial-mark': '#f28e2b', degenerated: '#ff9da7', other: '#8c8c8c',
    'mark-start': '#f28e2b', 'mark-end': '#b07aa1', 'relocate-start': '#76b7b2'
  };
  var LINE_COLORS = ['#4e79a7', '#e15759', '#59a14f', '#f28e2b', '#b07aa1', '#76b7b2'];
  var EVIDENCE_COLOR = '#ff8c00';
  var EVIDENCE_SHOWN = 3;

  // ---- small DOM and formatting helpers -------------------------------------------------

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) {
      e.className = cls;
    }
    if (text !== undefined && text !== null) {
      e.textContent = String(text);
    }
    return e;
  }

  var numberFormats = [];

  /** v with thousands separators and exactly `decimals` decimals (formatters cached: tables call this a lot). */
  function num(v, decimals) {
    var f = numberFormats[decimals];
    if (!f) {
      f = numberFormats[decimals] = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    }
    return f.format(Number(v));
  }

  function fmtMs(v) {
    if (v === null || v === undefined) {
      return '-';
    }
    // sub-millisecond pauses (ZGC, Shenandoah) keep their microseconds
    return v >= 1000 ? num(v, 0) + ' ms' : v >= 10 ? num(v, 1) + ' ms' : v >= 1 ? num(v, 2) + ' ms' : num(v, 3) + ' ms';
  }

  function fmtBytes(b) {
    if (b === null || b === undefined || b < 0) {
      return '-';
    }
    if (b >= 1073741824) {
      return num(b / 1073741824, 2) + ' GB';
    }
    if (b >= 1048576) {
      return num(b / 1048576, 1) + ' MB';
    }
    return b >= 1024 ? num(b / 1024, 1) + ' KB' : b + ' B';
  }

  function fmtDuration(s) {
    var a = Math.abs(s);
    if (a < 60) {
      return num(s, a < 10 ? 2 : 1) + ' s';
    }
    if (a < 3600) {
      return Math.floor(s / 60) + 'm ' + String(Math.floor(s % 60)).padStart(2, '0') + 's';
    }
    if (a < 172800) {
      return Math.floor(s / 3600) + 'h ' + String(Math.floor((s % 3600) / 60)).padStart(2, '0') + 'm';
    }
    return num(s / 86400, 1) + ' d';
  }

  /** Wall clock (epoch ms) at uptime 0 when the log carries dates, else null: times are then uptimes. */
  var clock = data.analyze && data.analyze.clock;
  var wallZeroMs = clock && typeof clock.startTime === 'string' && typeof clock.startS === 'number'
    ? Date.parse(clock.startTime) - clock.startS * 1000 : null;
  if (wallZeroMs !== null && isNaN(wallZeroMs)) {
    wallZeroMs = null;
  }

  /** The log's UTC offset as written at the end of startTime ("Z", "+02:00") and in minutes. */
  var wallSuffix = wallZeroMs === null ? 'Z' : (/(Z|[+-]\d\d:\d\d)$/.exec(clock.startTime) || ['Z', 'Z'])[1];
  var wallOffsetMin = wallSuffix === 'Z' ? 0
    : (wallSuffix.charAt(0) === '-' ? -1 : 1) * (Number(wallSuffix.substring(1, 3)) * 60 + Number(wallSuffix.substring(4, 6)));

  /** An uptime as ISO-8601 wall clock with the log's offset, as the JSON writes it. */
  function wallClock(uptimeS) {
    var local = new Date(Math.round(wallZeroMs + uptimeS * 1000) + wallOffsetMin * 60000).toISOString();
    return local.substring(0, 23) + wallSuffix;
  }

  function when(gcId, uptimeS) {
    return (gcId === null || gcId === undefined ? '' : 'GC(' + gcId + ') ')
      + (wallZeroMs !== null ? 'at ' + wallClock(uptimeS) : 'at ' + num(uptimeS, 3) + ' s');
  }

  /** A time-axis label: wall-clock time of day (with the date when the range spans days), else uptime. */
  function axisLabel(v) {
    if (wallZeroMs === null) {
      return fmtDuration(v);
    }
    var iso = wallClock(v);
    var days = timeRange.min !== undefined && timeRange.max - timeRange.min >= 86400;
    return days ? iso.substring(0, 10) + ' ' + iso.substring(11, 19) : iso.substring(11, 19);
  }


  function section(id, title, navLabel) {
    var s = el('section', 'report-section');
    s.id = id;
    s.setAttribute('data-section', id);
    s.appendChild(el('h2', null, title));
    document.getElementById('report').appendChild(s);
    var a = el('a', null, navLabel || title);
    a.href = '#' + id;
    document.getElementById('toc').appendChild(a);
    return s;
  }

  // ---- sortable tables ----------------------------------------------------------------------

  var UNITS = { b: 1, kb: 1024, mb: 1048576, gb: 1073741824, ms: 1, s: 1, '%': 1 };

  /** The value a cell sorts by: data-sort when given, else the number it starts with (units applied), else its text. */
  function sortKey(cell) {
    var raw = cell.getAttribute('data-sort');
    if (raw !== null) {
      return Number(raw);
    }
    var t = cell.textContent.trim();
    var m = /^([-+]?[\d,]*\.?\d+)\s*([a-zA-Z%]*)/.exec(t);
    if (!m) {
      return t === '' || t === '-' ? -Infinity : t.toLowerCase();
    }
    var unit = UNITS[m[2].toLowerCase()] || 1;
    return parseFloat(m[1].replace(/,/g, '')) * unit;
  }

  function compareKeys(a, b) {
    if (typeof a === 'number' && typeof b === 'number') {
      return a - b;
    }
    if (typeof a === 'number') {
      return -1;
    }
    if (typeof b === 'number') {
      return 1;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function sortBy(table, col, th) {
    var asc = th.getAttribute('aria-sort') !== 'ascending';
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keyed = rows.map(function (r, i) { return { r: r, k: sortKey(r.cells[col]), i: i }; });
    keyed.sort(function (x, y) { return (asc ? 1 : -1) * compareKeys(x.k, y.k) || x.i - y.i; });
    var frag = document.createDocumentFragment();
    keyed.forEach(function (x) { frag.appendChild(x.r); });
    body.appendChild(frag);
  }

  /** A sortable table; a cell is a string or {text, sort, cls}. */
  function table(headers, rows, name) {
    var t = el('table', 'sortable');
    if (name) {
      t.setAttribute('data-table', name);
    }
    var tr = t.createTHead().insertRow();
    headers.forEach(function (h, i) {
      var th = el('th', null, h);
      th.title = 'Sort';
      th.addEventListener('click', function () { sortBy(t, i, th); });
      tr.appendChild(th);
    });
    var body = t.createTBody();
    rows.forEach(function (r) {
      var row = body.insertRow();
      r.forEach(function (c) {
        var td = row.insertCell();
        if (c !== null && typeof c === 'object') {
          td.textContent = c.text;
          td.setAttribute('data-sort', String(c.sort));
          if (c.cls) {
            td.className = c.cls;
          }
        } else {
          td.textContent = c;
        }
      });
    });
    return t;
  }

  // ---- charts -------------------------------------------------------------------------------

  /** Draws vertical lines at chart.$markers [{x, color, dash}] over the plot area. */
  var markerPlugin = {
    id: 'jtuneMarkers',
    afterDatasetsDraw: function (chart) {
      var markers = chart.$markers || [];
      if (!markers.length) {
        return;
      }
      var ctx = chart.ctx;
      var area = chart.chartArea;
      var x = chart.scales.x;
      ctx.save();
      markers.forEach(function (m) {
        var px = x.getPixelForValue(m.x);
        if (px < area.left || px > area.right) {
          return;
        }
        ctx.strokeStyle = m.color;
        ctx.lineWidth = m.width || 1;
        ctx.setLineDash(m.dash || []);
        ctx.beginPath();
        ctx.moveTo(px, area.top);
        ctx.lineTo(px, area.bottom);
        ctx.stroke();
      });
      ctx.restore();
    }
  };

  function xyPoints(s) {
    var out = new Array(s.t.length);
    for (var i = 0; i < s.t.length; i++) {
      out[i] = { x: s.t[i], y: s.v[i] };
    }
    return out;
  }

  function chartBox(parent, id, cls) {
    var box = el('div', 'chart' + (cls ? ' ' + cls : ''));
    box.setAttribute('data-chart', id);
    var canvas = el('canvas');
    canvas.setAttribute('role', 'img');
    box.appendChild(canvas);
    parent.appendChild(box);
    return box;
  }

  /** Creates a chart and records how many points it was given (excluding overlays). */
  function makeChart(box, id, config, overlays) {
    var chart = new Chart(box.querySelector('canvas'), config);
    var counts = config.data.datasets.map(function (d) { return d.data.length; });
    var points = 0;
    for (var i = 0; i < counts.length - (overlays || 0); i++) {
      points += counts[i];
    }
    box.setAttribute('data-points', String(points));
    report.charts[id] = {
      chart: chart, points: points,
      datasets: config.data.datasets.slice(0, counts.length - (overlays || 0)).map(function (d) {
        return { label: d.label, points: d.data.length };
      })
    };
    return chart;
  }

  /** The time range every time chart shares: first to last point of any series, so charts line up. */
  var timeRange = { min: undefined, max: undefined };

  function extendTimeRange(seriesList) {
    seriesList.forEach(function (s) {
      if (s.t.length) {
        timeRange.min = timeRange.min === undefined ? s.t[0] : Math.min(timeRange.min, s.t[0]);
        timeRange.max = timeRange.max === undefined ? s.t[s.t.length - 1] : Math.max(timeRange.max, s.t[s.t.length - 1]);
      }
    });
  }

  function timeAxis() {
    var pad = timeRange.min === undefined ? 0 : Math.max((timeRange.max - timeRange.min) * 0.01, 0.001);
    return {
      type: 'linear',
      min: timeRange.min === undefined ? undefined : Math.max(Math.min(timeRange.min, 0), timeRange.min - pad),
      max: timeRange.max === undefined ? undefined : timeRange.max + pad,
      title: { display: true, text: wallZeroMs !== null ? 'wall clock (UTC' + (wallSuffix === 'Z' ? '' : wallSuffix) + ')' : 'uptime' },
      ticks: { callback: axisLabel, maxTicksLimit: 12, includeBounds: false }
    };
  }

  function baseOptions(yTitle) {
    return {
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false, axis: 'x' },
      scales: { x: timeAxis(), y: { title: { display: true, text: yTitle }, beginAtZero: true } },
      plugins: { legend: { position: 'top' }, decimation: { enabled: false } }
    };
  }

  // ---- the analyze report -------------------------------------------------------------------

  function renderAnalyze(a) {
    var inputs = a.inputs.map(function (i) { return i.name; });
    var jvm = a.jvm;
    var sub = [jvm.collector];
    if (jvm.version) {
      sub.push('JVM ' + jvm.version);
    }
    if (jvm.heapMaxBytes) {
      sub.push('heap max ' + fmtBytes(jvm.heapMaxBytes));
    }
    sub.push(inputs.length + ' input(s): ' + inputs.join(', '));
    // several JVM lifetimes: say at the top which one the report describes (the table is under Tables)
    a.tables.filter(function (t) { return t.title === 'JVM lifetimes'; }).forEach(function (t) {
      sub.push(t.lines[0]);
    });
    document.getElementById('subtitle').textContent = sub.join(' \u00b7 ');

    var fullTimes = fullGcTimes(a);
    extendTimeRange(a.pauseTimeline.concat(a.heap, a.rates));
    var parts = [
      ['kpis', kpis], ['diagnosis', diagnosis], ['findings', findings], ['pauses', pauseTimeline],
      ['heap', function (x) { heapChart(x, fullTimes); }], ['rates', function (x) { ratesChart(x, fullTimes); }],
      ['histogram', histogram], ['phases', phases], ['windows', windowTable], ['tables', tables], ['input', input]
    ];
    parts.forEach(function (p) {
      var t = performance.now();
      p[1](a);
      report.partMs[p[0]] = Math.round(performance.now() - t);
    });
  }

  function kpis(a) {
    var k = a.kpis;
    var s = section('sec-kpis', 'Key figures', 'KPIs');
    var grid = el('div', 'kpis');
    function card(label, value, bad) {
      var c = el('div', 'kpi' + (bad ? ' bad' : ''));
      c.appendChild(el('div', 'value', value));
      c.appendChild(el('div', 'label', label));
      c.setAttribute('data-kpi', label);
      grid.appendChild(c);
    }
    if (k.throughputPct === null) {
      card('throughput', 'n/a', false);
    } else {
      card('throughput', num(k.throughputPct, 2) + ' %', k.throughputPct < 95);
    }
    card('pause p99', fmtMs(k.p99Ms));
    card('pause max', fmtMs(k.maxMs), k.maxMs > 1000);
    card('pause p50', fmtMs(k.p50Ms));
    card('pauses', num(k.pauseCount, 0));
    // ZGC: concurrent minor and major collections instead of young stop-the-world GCs
    if (k.minorCycles !== undefined) {
      if (k.minorCycles > 0) {
        card('minor collections', num(k.minorCycles, 0));
      }
      card(k.minorCycles > 0 ? 'major collections' : 'collections (whole heap)', num(k.majorCycles, 0));
    }
    if (k.minorCycles === undefined || k.youngCount > 0) {
      card('young GCs', num(k.youngCount, 0));
    }
    if (k.mixedCount > 0) {
      card('mixed GCs', num(k.mixedCount, 0));
    }
    card('full GCs', num(k.fullCount, 0), k.fullCount > 0);
    if (k.degeneratedCount > 0) {
      card('degenerated cycles', num(k.degeneratedCount, 0), true);
    }
    // under a second (ZGC: microsecond pauses) in ms, so the total keeps its precision
    card('total pause', k.pauseTotalMs < 1000 ? fmtMs(k.pauseTotalMs) : fmtDuration(k.pauseTotalMs / 1000));
    card('log span', fmtDuration(k.spanS));
    if (k.concurrentCycles > 0) {
      card('concurrent cycles', num(k.concurrentCycles, 0));
    }
    s.appendChild(grid);
    if (jvmFlags(a).length) {
      var f = el('p', 'flags');
      f.appendChild(el('span', 'note', 'Flags: '));
      jvmFlags(a).forEach(function (x) { f.appendChild(el('code', null, x)); });
      s.appendChild(f);
    }
  }

  function jvmFlags(a) {
    return a.jvm.flags || [];
  }

  // the primary problem, the others beside it, the evidence and the advice (all as text)
  function diagnosis(a) {
    var d = a.diagnosis;
    var s = section('sec-diagnosis', 'Diagnosis: ' + d.primary, 'Diagnosis');
    s.setAttribute('data-primary', d.primary);
    if (d.secondary.length) {
      s.appendChild(el('p', 'note', 'Also: ' + d.secondary.join(', ')));
    }
    if (d.advice) {
      s.appendChild(el('p', 'text', d.advice));
    }
    if (d.evidence.length) {
      var ul = el('ul');
      d.evidence.forEach(function (e) { ul.appendChild(el('li', 'text', e)); });
      s.appendChild(ul);
    }
  }

  function findings(a) {
    var s = section('sec-findings', 'Findings (' + a.findings.length + ')', 'Findings');
    if (!a.findings.length) {
      s.appendChild(el('p', 'note', 'No findings.'));
      return;
    }
    s.appendChild(el('p', 'note', 'Click a finding to mark its evidence on the charts.'));
    var list = el('ul', 'findings');
    a.findings.forEach(function (f, i) {
      var li = el('li', 'finding sev-' + f.severity);
      li.setAttribute('data-finding', String(i));
      li.setAttribute('data-finding-id', f.id);
      li.setAttribute('tabindex', '0');
      li.setAttribute('role', 'button');
      var head = el('div');
      head.appendChild(el('span', 'badge', f.severity));
      head.appendChild(el('span', 'title text', f.title));
      head.appendChild(el('span', 'fid', f.id + (f.occurrences > 1 ? ' \u00b7 seen ' + num(f.occurrences, 0) + ' times' : '')));
      li.appendChild(head);
      if (f.evidence.length) {
        var ol = el('ol');
        f.evidence.forEach(function (e, j) {
          var item = el('li', j < EVIDENCE_SHOWN ? null : 'more');
          item.appendChild(document.createTextNode(when(e.gcId, e.uptimeS) + ': '));
          item.appendChild(el('span', 'text', e.detail));
          ol.appendChild(item);
        });
        var hidden = f.evidence.length - Math.min(EVIDENCE_SHOWN, f.evidence.length);
        if (hidden > 0) {
          ol.appendChild(el('li', 'note unselected-only', '\u2026 ' + num(hidden, 0) + ' more example(s): click to show them on the charts'));
        }
        if (f.occurrences > f.evidence.length) {
          ol.appendChild(el('li', 'note', '\u2026 ' + num(f.occurrences - f.evidence.length, 0) + ' more occurrence(s) not listed'));
        }
        li.appendChild(ol);
      }
      li.appendChild(el('p', 'rec text', '\u2192 ' + f.recommendation));
      if (f.flags.length) {
        var fl = el('p', 'flags');
        f.flags.forEach(function (x) { fl.appendChild(el('code', null, x)); });
        li.appendChild(fl);
      }
      li.addEventListener('click', function () { selectFinding(a, i); });
      li.addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          selectFinding(a, i);
        }
      });
      list.appendChild(li);
    });
    s.appendChild(list);
  }

  /** The pause-timeline point nearest in time to t (binary search per kind), or null. */
  function nearestPause(a, t) {
    var best = null;
    a.pauseTimeline.forEach(function (s) {
      var lo = 0;
      var hi = s.t.length - 1;
      if (hi < 0) {
        return;
      }
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (s.t[mid] < t) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      [lo - 1, lo, lo + 1].forEach(function (j) {
        if (j < 0 || j >= s.t.length) {
          return;
        }
        var d = Math.abs(s.t[j] - t);
        if (!best || d < best.d || (d === best.d && s.v[j] > best.y)) {
          best = { d: d, x: s.t[j], y: s.v[j] };
        }
      });
    });
    return best;
  }

  function selectFinding(a, i) {
    var same = report.selectedFinding === i;
    report.selectedFinding = same ? null : i;
    Array.prototype.forEach.call(document.querySelectorAll('li.finding'), function (li) {
      li.classList.toggle('selected', !same && li.getAttribute('data-finding') === String(i));
    });
    var evidence = same ? [] : a.findings[i].evidence;
    var points = [];
    evidence.forEach(function (e) {
      var p = nearestPause(a, e.uptimeS);
      points.push({ x: p ? p.x : e.uptimeS, y: p ? p.y : 0, gcId: e.gcId, detail: e.detail, uptimeS: e.uptimeS });
    });
    var markers = evidence.map(function (e) { return { x: e.uptimeS, color: 'rgba(255,140,0,0.55)', width: 1 }; });
    Object.keys(report.charts).forEach(function (id) {
      var c = report.charts[id].chart;
      if (!c.$timeChart) {
        return;
      }
      c.$markers = (c.$baseMarkers || []).concat(markers);
      if (c.$evidence) {
        c.$evidence.data = points;
      }
      c.update('none');
    });
    var box = document.querySelector('[data-chart="pauses"]');
    if (box) {
      box.setAttribute('data-highlighted', String(points.length));
      if (!same) {
        box.scrollIntoView({ block: 'center' });
      }
    }
    document.body.setAttribute('data-selected-finding', same ? '' : a.findings[i].id);
  }

  function fullGcTimes(a) {
    var full = a.pauseTimeline.filter(function (s) { return s.id === 'full'; })[0];
    return full ? full.t.map(function (t) { return { x: t, color: 'rgba(225,87,89,0.45)', dash: [4, 3] }; }) : [];
  }

  function pauseTimeline(a) {
    var s = section('sec-pauses', 'Pause timeline', 'Pauses');
    s.appendChild(el('p', 'note', 'Every stop-the-world pause by kind; long logs keep the shortest and longest pause of each time bucket. Full GCs are red triangles.'));
    var box = chartBox(s, 'pauses');
    var datasets = a.pauseTimeline.map(function (ser) {
      var full = ser.id === 'full';
      return {
        label: ser.label + ' (' + num(ser.total, 0) + ')',
        data: xyPoints(ser),
        backgroundColor: KIND_COLORS[ser.id] || '#8c8c8c',
        borderColor: KIND_COLORS[ser.id] || '#8c8c8c',
        pointStyle: full ? 'triangle' : 'circle',
        pointRadius: full ? 6 : 2,
        pointHoverRadius: full ? 8 : 4
      };
    });
    var evidence = {
      label: 'evidence', data: [], pointRadius: 9, pointHoverRadius: 10, pointStyle: 'circle',
      backgroundColor: 'rgba(255,140,0,0.15)', borderColor: EVIDENCE_COLOR, borderWidth: 3, order: -1
    };
    datasets.push(evidence);
    var opts = baseOptions('pause ms');
    opts.interaction = { mode: 'nearest', intersect: true };
    opts.plugins.tooltip = {
      callbacks: {
        label: function (ctx) {
          var p = ctx.raw;
          if (ctx.dataset === evidence) {
            return when(p.gcId, p.uptimeS) + ': ' + p.detail;
          }
          return ctx.dataset.label.replace(/ \(.*$/, '') + ' ' + fmtMs(p.y) + ' at ' + fmtDuration(p.x) + ' (' + num(p.x, 3) + ' s)';
        }
      }
    };
    opts.plugins.legend.labels = { filter: function (item) { return item.text !== 'evidence'; } };
    var chart = makeChart(box, 'pauses', { type: 'scatter', data: { datasets: datasets }, options: opts, plugins: [markerPlugin] }, 1);
    chart.$timeChart = true;
    chart.$evidence = evidence;
    box.setAttribute('data-highlighted', '0');
  }

  function lineDatasets(series) {
    return series.map(function (ser, i) {
      return {
        label: ser.label, data: xyPoints(ser), borderColor: LINE_COLORS[i % LINE_COLORS.length],
        backgroundColor: LINE_COLORS[i % LINE_COLORS.length], borderWidth: 1.2, pointRadius: 0,
        pointHitRadius: 4, showLine: true, spanGaps: true
      };
    });
  }

  function heapChart(a, fullTimes) {
    var s = section('sec-heap', 'Heap before and after GC', 'Heap');
    if (!a.heap.length) {
      s.appendChild(el('p', 'note', 'The log shows no heap occupancy.'));
      return;
    }
    s.appendChild(el('p', 'note', 'Occupancy in MB at each collection, per generation; dashed red lines are Full GCs.'));
    var box = chartBox(s, 'heap');
    var opts = baseOptions('MB');
    opts.plugins.tooltip = { callbacks: { label: function (ctx) { return ctx.dataset.label + ' ' + num(ctx.raw.y, 1) + ' MB at ' + fmtDuration(ctx.raw.x); } } };
    var chart = makeChart(box, 'heap', { type: 'scatter', data: { datasets: lineDatasets(a.heap) }, options: opts, plugins: [markerPlugin] }, 0);
    chart.$timeChart = true;
    chart.$baseMarkers = fullTimes;
    chart.$markers = fullTimes;
    chart.update('none');
  }

  function ratesChart(a, fullTimes) {
    var s = section('sec-rates', 'Allocation and promotion', 'Rates');
    if (!a.rates.length) {
      s.appendChild(el('p', 'note', 'The log does not show allocation or promotion.'));
      return;
    }
    s.appendChild(el('p', 'note', 'Allocation rate (MB/s between collections, left axis) and bytes promoted to the old generation per young GC (MB, right axis).'));
    var box = chartBox(s, 'rates');
    var datasets = lineDatasets(a.rates);
    datasets.forEach(function (d, i) { d.yAxisID = a.rates[i].id === 'promoted' ? 'y2' : 'y'; });
    var opts = baseOptions('allocation MB/s');
    opts.scales.y2 = { position: 'right', beginAtZero: true, title: { display: true, text: 'promoted MB' }, grid: { drawOnChartArea: false } };
    opts.plugins.tooltip = { callbacks: { label: function (ctx) { return ctx.dataset.label + ' ' + num(ctx.raw.y, 2) + ' at ' + fmtDuration(ctx.raw.x); } } };
    var chart = makeChart(box, 'rates', { type: 'scatter', data: { datasets: datasets }, options: opts, plugins: [markerPlugin] }, 0);
    chart.$timeChart = true;
    chart.$baseMarkers = fullTimes;
    chart.$markers = fullTimes;
    chart.update('none');
  }

  function histogram(a) {
    var s = section('sec-histogram', 'Pause durations', 'Histogram');
    var h = a.histogram;
    var labels = h.counts.map(function (c, i) {
      var lo = i === 0 ? 0 : h.boundsMs[i - 1];
      return i < h.boundsMs.length ? lo + '\u2013' + h.boundsMs[i] + ' ms' : '> ' + h.boundsMs[i - 1] + ' ms';
    });
    var box = chartBox(s, 'histogram', 'small');
    makeChart(box, 'histogram', {
      type: 'bar',
      data: { labels: labels, datasets: [{ label: 'pauses', data: h.counts.slice(), backgroundColor: '#4e79a7' }] },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false,
        scales: { x: { title: { display: true, text: 'pause duration' } }, y: { beginAtZero: true, title: { display: true, text: 'pauses' } } },
        plugins: { legend: { display: false } }
      }
    }, 0);
  }

  function phases(a) {
    if (!a.phases.shares.length) {
      return;
    }
    var s = section('sec-phases', 'Young pause phases (' + num(a.phases.pauses, 0) + ' pauses)', 'Phases');
    s.appendChild(el('p', 'note', 'Share of young/mixed pause time per phase' + (a.phases.phaseCount > a.phases.shares.length
      ? ' (the ' + a.phases.shares.length + ' largest of ' + a.phases.phaseCount + '; the phase table under Tables lists all).' : '.')));
    var box = chartBox(s, 'phases', 'small');
    box.style.height = (60 + 22 * a.phases.shares.length) + 'px';
    makeChart(box, 'phases', {
      type: 'bar',
      data: {
        labels: a.phases.shares.map(function (p) { return p.phase; }),
        datasets: [{ label: '% of pause time', data: a.phases.shares.map(function (p) { return p.pct; }), backgroundColor: '#59a14f' }]
      },
      options: {
        indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
        scales: { x: { beginAtZero: true, title: { display: true, text: '% of pause time' } }, y: { ticks: { autoSkip: false } } },
        plugins: { legend: { display: false } }
      }
    }, 0);
  }

  function windowTable(a) {
    var w = a.windows;
    // ZGC: its concurrent minor and major collections per window beside the (empty) YGC and FGC columns
    var s = section('sec-windows', (w.cycles ? 'Collections' : 'YGC / FGC') + ' per ' + fmtDuration(w.windowS) + ' window', 'Windows');
    if (w.windowS !== w.askedWindowS) {
      s.appendChild(el('p', 'note', 'Windows widened from ' + fmtDuration(w.askedWindowS) + ' to keep the table at most 5,000 rows.'));
    }
    s.appendChild(el('p', 'note', w.rows.length + ' windows; click a column to sort.'));
    var rows = w.rows.map(function (r) {
      return [
        { text: wallZeroMs !== null ? wallClock(r[0]) : fmtDuration(r[0]), sort: r[0] },
        { text: num(r[1], 0), sort: r[1] },
        { text: fmtMs(r[2]), sort: r[2] },
        { text: num(r[3], 0), sort: r[3] },
        { text: fmtMs(r[4]), sort: r[4] }
      ].concat(w.cycles ? [{ text: num(r[5], 0), sort: r[5] }, { text: num(r[6], 0), sort: r[6] }] : []);
    });
    var wrap = el('div', 'scroll');
    var headers = ['window start', 'YGC count', 'YGC time', 'FGC count', 'FGC time'];
    wrap.appendChild(table(w.cycles ? headers.concat(['minor collections', 'major collections']) : headers, rows, 'windows'));
    s.appendChild(wrap);
  }

  function tables(a) {
    var s = section('sec-tables', 'Tables', 'Tables');
    // the diagnosis has its own section above
    a.tables.filter(function (t) { return t.title !== 'Diagnosis'; }).forEach(function (t) {
      s.appendChild(el('h3', 'text', t.title));
      if (t.lines.length) {
        var ul = el('ul', 'lines');
        t.lines.forEach(function (l) { ul.appendChild(el('li', null, l)); });
        s.appendChild(ul);
      }
      if (t.rows.length) {
        s.appendChild(table(t.headers, t.rows, t.title));
      }
    });
  }

  function input(a) {
    var r = a.input;
    var s = section('sec-input', 'Input', 'Input');
    s.appendChild(el('p', 'note', num(r.linesRead, 0) + ' lines read, ' + num(r.gcLines, 0) + ' GC lines, ' + num(r.unparsed, 0)
      + ' not understood (' + num(r.unparsedPct, 3) + ' %), ' + num(r.otherText, 0) + ' other text lines.'));
    s.appendChild(table(['input', 'format', 'size', 'lines'], a.inputs.map(function (i) {
      return [i.name, i.format, { text: fmtBytes(i.bytes), sort: i.bytes }, { text: num(i.lines, 0), sort: i.lines }];
    }), 'inputs'));
    function lines(title, list, name) {
      if (!list.length) {
        return;
      }
      s.appendChild(el('h3', null, title));
      var ul = el('ul', 'lines');
      ul.setAttribute('data-lines', name);
      list.forEach(function (e) {
        var li = el('li');
        li.appendChild(el('span', 'text', e.source));
        li.appendChild(document.createTextNode(':' + e.line + ': '));
        li.appendChild(el('span', 'text', e.text));
        ul.appendChild(li);
      });
      s.appendChild(ul);
    }
    lines('Lines not understood (first ' + r.unparsedExamples.length + ')', r.unparsedExamples, 'unparsed');
    lines('Clock went backwards (' + r.clockBackwards + ' times)', r.warningExamples, 'warnings');
    if (r.problems.length) {
      s.appendChild(el('h3', null, 'Problems'));
      var ul = el('ul', 'lines');
      r.problems.forEach(function (p) {
        var li = el('li');
        li.appendChild(el('span', 'text', p.source));
        li.appendChild(document.createTextNode(': '));
        li.appendChild(el('span', 'text', p.message));
        ul.appendChild(li);
      });
      s.appendChild(ul);
    }
  }

  // ---- page ---------------------------------------------------------------------------------

  /*
   * Each part of a report renders itself when its key is in the data. A part from another module
   * (the experiment report) runs ahead of this script and leaves in window.jtuneParts[key] a
   * function that takes these helpers and returns its renderer.
   */
  var PARTS = { analyze: renderAnalyze };
  var helpers = {
    el: el, num: num, fmtMs: fmtMs, section: section, table: table, chartBox: chartBox, makeChart: makeChart,
    markerPlugin: markerPlugin, report: report
  };
  Object.keys(window.jtuneParts || {}).forEach(function (key) {
    PARTS[key] = window.jtuneParts[key](helpers);
  });

  document.title = data.title;
  document.getElementById('title').textContent = data.title;
  document.getElementById('chart-library').textContent = data.chartLibrary;
  Object.keys(PARTS).forEach(function (key) {
    if (data[key]) {
      PARTS[key](data[key]);
    }
  });
  report.renderMs = Math.round(performance.now() - started);
  report.ready = true;
  document.body.setAttribute('data-render-ms', String(report.renderMs));
  document.body.setAttribute('data-ready', 'true');
}());
