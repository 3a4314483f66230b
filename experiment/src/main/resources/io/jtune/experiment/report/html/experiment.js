/*
 * jtune HTML report, experiment part: the verdict, then per load level the comparison table
 * (with each run's latency-to-GC attribution),
 * the latency percentile curves and throughput and p99 over the measured window with GC
 * pauses, then the failed runs. It runs ahead of report.js, which hands it the page's helpers
 * (every text is set with textContent; chart containers carry data-points as on the analyze
 * page) and calls the renderer returned here with the data's `experiment` part.
 */
(window.jtuneParts = window.jtuneParts || {}).experiment = function (h) {
  'use strict';
  var el = h.el;
  var num = h.num;
  var section = h.section;
  /* The percentile axis: 1/(1-p) from p = 0 to 99.999 %, a tick at each added nine. */
  var PERCENTILE_TICKS = [1, 10, 100, 1000, 10000, 100000];
  /* Candidates' colours, in plan order; red is kept for Full GCs. */
  var CANDIDATE_COLORS = ['#4e79a7', '#59a14f', '#f28e2b', '#b07aa1', '#76b7b2', '#9c755f', '#edc948', '#8c8c8c'];
  var FULL_GC_COLOR = '#e15759';
  var colors = Object.create(null);

  function colorOf(candidate) {
    return colors[candidate] || '#8c8c8c';
  }

  function xy(xs, ys) {
    var out = new Array(xs.length);
    for (var i = 0; i < xs.length; i++) {
      out[i] = { x: xs[i], y: ys[i] };
    }
    return out;
  }

  /** "99.9%" for the percentile whose axis position is 1/(1-p) = x. */
  function percentileOf(x) {
    return Number((100 - 100 / x).toFixed(4)) + '%';
  }

  function flagList(flags, parent, label) {
    var p = el('p', 'flags');
    if (label) {
      p.appendChild(el('span', 'note', label));
    }
    flags.forEach(function (f) { p.appendChild(el('code', null, f)); });
    parent.appendChild(p);
    return p;
  }

  function list(items, cls) {
    var ul = el('ul', cls);
    items.forEach(function (t) { ul.appendChild(el('li', 'text', t)); });
    return ul;
  }

  function seconds(s) {
    return num(s, s === Math.round(s) ? 0 : 1) + ' s';
  }

  // ---- header, verdict, failed runs ---------------------------------------------------------

  function overview(x) {
    var r = x.report;
    var s = section('sec-overview', 'Experiment', 'Overview');
    s.appendChild(el('p', 'text', 'Target: ' + r.plan.target));
    if (r.plan.targetFlags.length) {
      flagList(r.plan.targetFlags, s, 'Its own flags, under every candidate: ');
    }
    s.appendChild(el('p', null, 'Runs: ' + r.runs.done + ' of ' + r.runs.planned + ' done, ' + r.runs.failed + ' failed; '
      + r.plan.repetitions + ' repetition(s) per candidate and level, ' + r.plan.order + ' order.'));
    if (r.earlyStopping) {
      var e = r.earlyStopping;
      s.appendChild(el('p', 'early-stopping', 'Early stopping: ' + (e.stoppedEarly
        ? 'stopped early, ' + e.runsSkipped + ' of ' + e.runsPlanned + ' runs not needed; ' + num(e.runMinutes, 1)
          + ' run-minutes against ' + num(e.fixedRunMinutes, 1) + ' for the fixed design (' + num(e.pctOfFixed, 0) + ' %).'
        : 'on; every run was needed.') + ' Design: ' + e.design + '; false adoption at most 5 %.'));
      if (e.stops.length) {
        var stops = el('ul', 'stops');
        e.stops.forEach(function (st) {
          stops.appendChild(el('li', null, st.level + '/' + st.candidate + ' stopped after ' + st.rounds + ' round(s): '
            + st.why));
        });
        s.appendChild(stops);
      }
    }
    var ul = el('ul', 'candidates');
    r.plan.candidates.forEach(function (c) {
      var li = el('li', 'candidate');
      li.setAttribute('data-candidate', c.name);
      li.style.borderLeftColor = colorOf(c.name);
      var head = el('div');
      head.appendChild(el('span', 'name', c.name));
      if (c.name === r.plan.baseline) {
        head.appendChild(el('span', 'tag', 'baseline'));
      }
      if (c.name === r.recommendation.winner) {
        head.appendChild(el('span', 'tag winner', 'recommended'));
      }
      li.appendChild(head);
      if (c.flags.length) {
        flagList(c.flags, li);
      } else {
        li.appendChild(el('p', 'note', 'no added flags'));
      }
      if (c.reason) {
        li.appendChild(el('p', 'reason text', c.reason));
      }
      ul.appendChild(li);
    });
    s.appendChild(ul);
  }

  function verdict(x) {
    var r = x.report;
    var rec = r.recommendation;
    var s = section('sec-verdict', 'Verdict', 'Verdict');
    var kind = { 'adopt': 'use', 'not-a-gc-problem': 'gc-not', 'memory-leak': 'leak' }[rec.verdict] || 'keep';
    var box = el('div', 'verdict ' + kind);
    box.setAttribute('data-winner', rec.winner || '');
    box.setAttribute('data-verdict', rec.verdict);
    // the verdict in words first, then the sentence and its evidence
    box.appendChild(el('p', 'verdict-words', 'Verdict: ' + rec.verdictText));
    if (rec.gcNotTheBottleneck) {
      box.appendChild(el('span', 'badge', 'GC is not the bottleneck'));
    }
    box.appendChild(el('p', 'summary text', rec.summary));
    if (r.loadNote) {
      box.appendChild(el('p', 'note load-note', 'Load: ' + r.loadNote + '.'));
    }
    if (rec.reasons.length) {
      box.appendChild(el('h3', null, rec.gcNotTheBottleneck ? 'Evidence' : 'Reasons'));
      box.appendChild(list(rec.reasons, 'reasons'));
    }
    if (rec.flagDiff.length) {
      box.appendChild(el('h3', null, 'Flags of ' + rec.winner + ' vs ' + r.plan.baseline));
      flagList(rec.flagDiff, box).setAttribute('data-flag-diff', '');
    }
    box.appendChild(el('p', 'note', r.levels.map(function (l) {
      return 'winner at ' + l.name + ': ' + (l.winner || 'none');
    }).join(' \u00b7 ')));
    s.appendChild(box);
  }

  function failedRuns(x) {
    var s = section('sec-failed', 'Failed runs (' + x.failed.length + ')', 'Failed runs');
    if (!x.failed.length) {
      s.appendChild(el('p', 'note', 'No run failed.'));
      return;
    }
    x.failed.forEach(function (f) {
      var d = el('div', 'failed-run');
      d.setAttribute('data-run', f.id);
      d.appendChild(el('h3', 'text', f.id));
      d.appendChild(el('p', 'text', f.failure));
      if (f.outputTail.length) {
        d.appendChild(el('p', 'note', 'Last lines of the target\'s output:'));
        d.appendChild(list(f.outputTail, 'lines'));
      }
      s.appendChild(d);
    });
  }

  // ---- per level ----------------------------------------------------------------------------

  function comparison(lv, lr, i, baseline) {
    var s = section('sec-level' + i + '-compare', 'Level ' + lr.name + ': ' + lv.load, lr.name + ': table');
    s.appendChild(el('p', 'note', 'Warm-up ' + seconds(lr.load.warmupS) + ', ' + seconds(lr.load.durationS)
      + ' measured. Mean \u00b1 sd over the successful runs; change = candidate vs ' + baseline
      + ' with its 95 % confidence interval (Welch), green better, red worse, grey n.s. (no significant difference:'
      + ' the interval spans zero), grey n.p. (no practical difference: significant, but within the metric\'s floor,'
      + ' such as 2 % or 0.1 ms for latency, 1 % for throughput). Click a column to sort.'));
    var cols = lv.table.columns;
    var headers = ['metric'].concat(cols.map(function (c) {
      return c.kind === 'change' ? c.candidate + ' vs ' + baseline : c.candidate + (c.kind === 'baseline' ? ' (baseline)' : '');
    }));
    var rows = lv.table.rows.map(function (row) {
      return [row.label].concat(row.cells.map(function (c, j) {
        var cls = [c.cls || '', cols[j].candidate === lr.winner ? 'winner' : ''].join(' ').trim();
        return { text: c.text, sort: c.sort === null ? -Infinity : c.sort, cls: cls };
      }));
    });
    var t = h.table(headers, rows, 'compare-' + i);
    var ths = t.tHead.rows[0].cells;
    cols.forEach(function (c, j) {
      ths[j + 1].setAttribute('data-candidate', c.candidate);
      ths[j + 1].setAttribute('data-kind', c.kind);
      if (c.candidate === lr.winner) {
        ths[j + 1].classList.add('winner');
      }
    });
    Array.prototype.forEach.call(t.tBodies[0].rows, function (tr, j) {
      tr.setAttribute('data-metric', lv.table.rows[j].metric);
    });
    s.appendChild(t);
    if (lr.goals.length) {
      s.appendChild(el('h3', null, 'Goals'));
      var goalRows = lr.goals.map(function (g, gi) {
        return [g].concat(lr.candidates.map(function (c) {
          var v = c.goals[gi];
          return { text: (v.met ? 'met' : 'NOT met') + ': ' + v.evidence, sort: v.met ? 1 : 0, cls: v.met ? 'met' : 'not-met' };
        }));
      });
      s.appendChild(h.table(['goal'].concat(lr.candidates.map(function (c) { return c.name; })), goalRows, 'goals-' + i));
    }
    var w = el('p', 'level-winner');
    w.appendChild(el('strong', null, 'Winner at ' + lr.name + ': ' + (lr.winner || 'none')));
    s.appendChild(w);
    if (lr.reasons.length) {
      s.appendChild(list(lr.reasons, 'reasons'));
    }
    if (lv.endpoints && lv.endpoints.rows.length) {
      s.appendChild(el('h3', null, 'Per endpoint'));
      s.appendChild(el('p', 'note', 'Means over the successful runs; errors of all of them (4xx, 5xx and failed'
        + ' requests).'));
      s.appendChild(h.table(lv.endpoints.columns, lv.endpoints.rows, 'endpoints-' + i));
    }
    if (lv.attribution.length) {
      s.appendChild(el('h3', null, 'Latency-to-GC attribution per run'));
      s.appendChild(el('p', 'note', 'Each run\u2019s requests lined up with the stop-the-world pauses of its GC log'
        + ' (wall-clock stamps): how many of the requests slower than the run\u2019s p99 were in flight during a pause,'
        + ' against all requests.'));
      s.appendChild(list(lv.attribution, 'attribution'));
    }
    if (lv.nativeMemory && lv.nativeMemory.rows.length) {
      s.appendChild(el('h3', null, 'Native memory of the baseline'));
      s.appendChild(el('p', 'note', lv.nativeMemory.about));
      s.appendChild(h.table(lv.nativeMemory.columns, lv.nativeMemory.rows, 'native-memory-' + i));
    }
    if (lv.steadiness && lv.steadiness.length) {
      s.appendChild(el('h3', null, 'Warm-up and overload'));
      s.appendChild(el('p', 'note', 'Each run warmed up until its per-second throughput and p99 were stable and its'
        + ' JIT compilation settled (at most the level\u2019s ceiling); a run that served less than 90 % of the rate'
        + ' offered was overloaded: its latencies are a queue\u2019s.'));
      s.appendChild(list(lv.steadiness, 'steadiness'));
    }
    if (lv.limits) {
      s.appendChild(el('h3', null, 'Container limits: ' + lv.limits));
    }
    if (lv.candidateLimits && lv.candidateLimits.length) {
      s.appendChild(el('h3', null, 'Candidates under limits of their own'));
      s.appendChild(el('p', 'note', 'Each of these candidates\u2019 runs had its own container limits in place of'
        + ' the level\u2019s; the comparison with the baseline is of the resources as well as the flags.'));
      s.appendChild(list(lv.candidateLimits, 'candidate-limits'));
    }
    if (lv.ergonomics && lv.ergonomics.length) {
      s.appendChild(el('h3', null, 'JVM ergonomics'));
      s.appendChild(el('p', 'note', 'What each candidate\u2019s JVM chose for itself inside the limits, asked of the'
        + ' running JVM (jcmd VM.flags -all and VM.info).'));
      s.appendChild(list(lv.ergonomics, 'ergonomics'));
    }
    if (lv.container && lv.container.length) {
      s.appendChild(el('h3', null, 'Container per run'));
      s.appendChild(el('p', 'note', 'CPU throttling by the quota and the peak RSS against the memory limit, or the'
        + ' kill at the memory limit.'));
      s.appendChild(list(lv.container, 'container'));
    }
  }

  function baseOptions() {
    return {
      animation: false, parsing: false, normalized: true, responsive: true, maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false },
      plugins: { legend: { position: 'top' }, decimation: { enabled: false } }
    };
  }

  function percentiles(lv, lr, i) {
    var s = section('sec-level' + i + '-latency', 'Level ' + lr.name + ': latency by percentile', lr.name + ': latency');
    s.appendChild(el('p', 'note', 'Corrected latency of every measured request of each candidate\'s successful runs'
      + ' (their HdrHistogram interval logs merged), from 0 to 99.999 %: each tick on the axis adds a nine.'));
    var id = 'level' + i + '-percentiles';
    var box = h.chartBox(s, id);
    var curves = lv.percentiles.filter(function (c) { return c.x.length; });
    var datasets = curves.map(function (c) {
      return {
        label: c.candidate + ' (' + num(c.count, 0) + ' requests, ' + c.logs + ' run' + (c.logs === 1 ? '' : 's') + ')',
        candidate: c.candidate, data: xy(c.x, c.v), borderColor: colorOf(c.candidate), backgroundColor: colorOf(c.candidate),
        borderWidth: lr.winner === c.candidate ? 3 : 1.5, pointRadius: 1.5, showLine: true
      };
    });
    var opts = baseOptions();
    opts.scales = {
      x: {
        type: 'logarithmic', min: 1, max: PERCENTILE_TICKS[PERCENTILE_TICKS.length - 1],
        title: { display: true, text: 'percentile' },
        afterBuildTicks: function (axis) { axis.ticks = PERCENTILE_TICKS.map(function (v) { return { value: v }; }); },
        ticks: { callback: function (v) { return percentileOf(v); } }
      },
      y: { beginAtZero: true, title: { display: true, text: 'latency ms' } }
    };
    opts.plugins.tooltip = {
      callbacks: {
        label: function (ctx) { return ctx.dataset.candidate + ' p' + percentileOf(ctx.raw.x) + ': ' + h.fmtMs(ctx.raw.y); }
      }
    };
    h.makeChart(box, id, { type: 'scatter', data: { datasets: datasets }, options: opts }, 0);
  }

  function timelines(lv, lr, i) {
    var s = section('sec-level' + i + '-timeline', 'Level ' + lr.name + ': over the measured window', lr.name + ': timeline');
    s.appendChild(el('p', 'note', 'One run per candidate (' + lv.windows.map(function (w) { return w.run; }).join(', ')
      + '), per second from the start of its measured window (a closing interval under half a second left out);'
      + ' dots are that run\'s GC pauses (right axis), red triangles and dashed lines its Full GCs.'));
    timeChart(s, 'level' + i + '-throughput', lv.windows, 'throughput', 'throughput req/s');
    timeChart(s, 'level' + i + '-p99', lv.windows, 'p99', 'latency p99 ms');
  }

  function timeChart(s, id, windows, key, yTitle) {
    s.appendChild(el('h3', null, yTitle));
    var box = h.chartBox(s, id);
    var datasets = [];
    var markers = [];
    var end = 0;
    windows.forEach(function (w) {
      var color = colorOf(w.candidate);
      var line = w[key];
      end = Math.max(end, w.seconds, line.t.length ? line.t[line.t.length - 1] : 0);
      datasets.push({
        label: w.candidate + ' ' + line.label, data: xy(line.t, line.v), borderColor: color, backgroundColor: color,
        borderWidth: 1.5, pointRadius: 1.5, showLine: true, yAxisID: 'y'
      });
      if (w.pauses.t.length) {
        datasets.push({
          label: w.candidate + ' GC pauses', data: xy(w.pauses.t, w.pauses.v), yAxisID: 'y2',
          borderColor: color, backgroundColor: color + '66', pointRadius: 3
        });
      }
      if (w.fullGcs.t.length) {
        datasets.push({
          label: w.candidate + ' Full GCs', data: xy(w.fullGcs.t, w.fullGcs.v), yAxisID: 'y2',
          pointStyle: 'triangle', pointRadius: 7, borderColor: color, backgroundColor: FULL_GC_COLOR
        });
        w.fullGcs.t.forEach(function (t) { markers.push({ x: t, color: 'rgba(225,87,89,0.45)', dash: [4, 3] }); });
      }
    });
    var opts = baseOptions();
    opts.scales = {
      x: {
        type: 'linear', min: 0, max: end, title: { display: true, text: 'seconds into the measured window' },
        ticks: { includeBounds: false }
      },
      y: { beginAtZero: true, title: { display: true, text: yTitle } },
      y2: { position: 'right', beginAtZero: true, title: { display: true, text: 'GC pause ms' }, grid: { drawOnChartArea: false } }
    };
    opts.plugins.tooltip = {
      callbacks: { label: function (ctx) { return ctx.dataset.label + ' ' + num(ctx.raw.y, 2) + ' at ' + num(ctx.raw.x, 3) + ' s'; } }
    };
    var chart = h.makeChart(box, id, { type: 'scatter', data: { datasets: datasets }, options: opts, plugins: [h.markerPlugin] }, 0);
    chart.$markers = markers;
    chart.update('none');
  }

  // ---- the part -----------------------------------------------------------------------------

  return function renderExperiment(x) {
    var r = x.report;
    r.plan.candidates.forEach(function (c, i) {
      colors[c.name] = CANDIDATE_COLORS[i % CANDIDATE_COLORS.length];
    });
    document.getElementById('subtitle').textContent = r.plan.target + ' \u00b7 ' + r.runs.done + ' of ' + r.runs.planned
      + ' runs done, ' + r.runs.failed + ' failed';
    var parts = [['overview', overview], ['verdict', verdict]];
    x.levels.forEach(function (lv, i) {
      var lr = r.levels[i];
      parts.push(['level' + i + '-compare', function () { comparison(lv, lr, i, r.plan.baseline); }]);
      parts.push(['level' + i + '-latency', function () { percentiles(lv, lr, i); }]);
      parts.push(['level' + i + '-timeline', function () { timelines(lv, lr, i); }]);
    });
    parts.push(['failed', failedRuns]);
    parts.forEach(function (p) {
      var t = performance.now();
      p[1](x);
      h.report.partMs[p[0]] = Math.round(performance.now() - t);
    });
  };
};
