// Injected at the top of a report page by tests/report_in_browser.rs: records errors and
// console errors/warnings, and after the load checks that no text overflows its box (page,
// tables, paragraphs, chart texts inside their chart) and that every chart draws data (a bar,
// line or marker in a series colour above the legend), that its axes read right (ticks, units,
// labels clear of the plot area; see axes()) and that table cells of method names do not wrap.
// With window.__swisslabPrint set, the
// page is first laid out with its print rules. The findings go into <pre id="swisslab-check">,
// one per line ("OK" when none), which the test reads from Chromium's --dump-dom.
(function () {
  var problems = [];
  window.addEventListener('error', function (e) {
    var t = e.target && e.target !== window ? (e.target.outerHTML || '').slice(0, 80) : '';
    problems.push('console\t' + (e.message || 'resource failed to load: ' + t));
  }, true);
  ['error', 'warn'].forEach(function (level) {
    var orig = console[level];
    console[level] = function () {
      problems.push('console\t' + level + ': ' + Array.prototype.join.call(arguments, ' '));
      return orig.apply(console, arguments);
    };
  });
  function label(el) {
    var id = el.closest('[id]');
    var t = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return el.tagName.toLowerCase() + (id ? ' in #' + id.id : '') + ' "' + t + '"';
  }

  // The texts of a chart by their place around the plot area (the root <svg>'s data-plot:
  // left top right bottom in the chart's own pixels): the y axis description (rotated), the
  // y ticks (left of the plot), the count labels (in a series colour) and the legend (under
  // the chart's first 400 pixels).
  function parts(svg, box, palette) {
    var plot = (svg.getAttribute('data-plot') || '').split(' ').map(Number);
    if (plot.length !== 4 || plot.some(isNaN)) return null;
    var k = box.width / (svg.viewBox.baseVal.width || box.width);
    var P = { left: box.left + plot[0] * k, top: box.top + plot[1] * k, right: box.left + plot[2] * k, bottom: box.top + plot[3] * k };
    var out = { plot: P, ydesc: null, yticks: [], labels: [], legend: [], other: [] };
    for (var t of svg.querySelectorAll('text')) {
      var b = t.getBoundingClientRect();
      if (b.width === 0) continue;
      var item = { text: (t.textContent || '').trim(), box: b };
      var fill = (t.getAttribute('fill') || '').toUpperCase();
      if (palette.indexOf(fill) >= 0) out.labels.push(item);
      else if (/rotate/.test(t.getAttribute('transform') || '')) out.ydesc = item;
      else if (b.top > box.top + 400 * k) out.legend.push(item);
      else if (b.right <= P.left + 1 && b.bottom <= P.bottom + 14 && b.top >= P.top - 14) out.yticks.push(item);
      else out.other.push(item);
    }
    out.yticks.sort(function (a, b) { return b.box.top - a.box.top; });
    return out;
  }
  function decimals(s) {
    var m = /\.(\d+)/.exec(s);
    return m ? m[1].length : 0;
  }
  function overlaps(b, P) {
    return b.left < P.right - 1 && b.right > P.left + 1 && b.top < P.bottom - 1 && b.bottom > P.top + 1;
  }
  // Tick texts (no negative zero; a share's axis in percent up to 100%, never "1k"; no more
  // decimals than the step between ticks needs), labels outside the plot area except the
  // counts, which stay inside it, an axis description no taller than its plot, "pp" on the
  // axis of a difference of shares, a legend where the caption promises one line per
  // something, and a caption that says what the numbers at the bars or points count.
  function axes(fig, svg, box, palette) {
    var id = '#' + fig.id + ': ';
    for (var t of svg.querySelectorAll('text')) {
      var s = (t.textContent || '').trim();
      if (/^[-\u2212]0(\.0*)?%?$/.test(s)) problems.push('tick\t' + id + 'tick "' + s + '" is a negative zero');
    }
    var a = parts(svg, box, palette);
    if (!a) { problems.push('axes\t' + id + 'no plot area (data-plot) on the chart'); return; }
    var P = a.plot;
    // So that the checks below are never vacuous on a chart laid out differently.
    if (!a.ydesc) problems.push('axes\t' + id + 'no y axis description found');
    if (a.yticks.length < 2) problems.push('axes\t' + id + 'fewer than two y ticks found left of the plot');
    var desc = a.ydesc ? a.ydesc.text : '';
    if (a.ydesc) {
      if (a.ydesc.box.height > P.bottom - P.top + 1) problems.push('axis\t' + id + 'axis label "' + desc + '" is taller than its plot');
      if (/\([^()]*\(/.test(desc)) problems.push('axis\t' + id + 'axis label "' + desc + '" nests brackets');
    }
    for (var o of a.other.concat(a.yticks, a.ydesc ? [a.ydesc] : [])) {
      if (overlaps(o.box, P)) problems.push('overlap\t' + id + 'text "' + o.text + '" runs into the plot area');
    }
    for (var l of a.labels) {
      var b = l.box;
      if (b.left < P.left - 1 || b.right > P.right + 1 || b.top < P.top - 16 || b.bottom > P.bottom + 1) {
        problems.push('label\t' + id + 'count label "' + l.text + '" outside the plot area');
      }
    }
    var percent = /%/.test(desc), log = /log/.test(desc);
    var values = [];
    for (var tk of a.yticks) {
      var s = tk.text;
      if (percent && /[kM]%?$/.test(s)) problems.push('tick\t' + id + 'percentage tick "' + s + '"');
      if (percent && log && !/%$/.test(s)) problems.push('tick\t' + id + 'log tick "' + s + '" of a share not in percent');
      var v = parseFloat(s.replace(/[%\u2009 ]/g, ''));
      if (percent && v > 100) problems.push('tick\t' + id + 'percentage tick "' + s + '" above 100%');
      if (!/[kM]%?$/.test(s) && !isNaN(v)) values.push([v, s]);
    }
    var step = Infinity;
    for (var i = 1; i < values.length; i++) step = Math.min(step, Math.abs(values[i][0] - values[i - 1][0]));
    if (isFinite(step) && step > 0) {
      var need = decimals(String(parseFloat(step.toFixed(10))));
      for (var vs of values) {
        if (decimals(vs[1]) > need) problems.push('tick\t' + id + 'tick "' + vs[1] + '" has more decimals than its step ' + parseFloat(step.toFixed(10)) + ' needs');
      }
    }
    var caption = (fig.querySelector('figcaption') || {}).textContent || '';
    if (/-difference$/.test(fig.id)) {
      var above = document.getElementById(fig.id.replace(/-difference$/, ''));
      var aboveSvg = above && above.querySelector('svg');
      var aa = aboveSvg && parts(aboveSvg, aboveSvg.getBoundingClientRect(), palette);
      if (aa && aa.ydesc && /%/.test(aa.ydesc.text) && (!/\bpp\b/.test(desc) || /%/.test(desc))) {
        problems.push('unit\t' + id + 'a difference of shares labelled "' + desc + '", not in pp');
      }
    }
    if (/one line per/.test(caption) && a.legend.length === 0) {
      problems.push('legend\t' + id + 'the caption promises one line per something, the chart has no legend');
    }
    if (a.labels.length > 0 && !/number[s]? (above|at the top)/i.test(caption)) {
      problems.push('caption\t' + id + 'the numbers at the bars or points are explained nowhere');
    }
  }
  // Tables: a method name in the "Interval" column on one line; a difference of shares
  // ("B − A" beside an "A" in %) in percentage points.
  function tables() {
    for (var table of document.querySelectorAll('table')) {
      var heads = Array.prototype.map.call(table.querySelectorAll('thead th'), function (th) { return th.textContent.trim(); });
      var method = heads.indexOf('Interval'), diff = heads.indexOf('B \u2212 A'), a = heads.indexOf('A');
      for (var row of table.querySelectorAll('tbody tr')) {
        var cells = row.children;
        if (method >= 0 && cells[method]) {
          var r = document.createRange();
          r.selectNodeContents(cells[method]);
          var tops = {};
          for (var rc of r.getClientRects()) if (rc.width > 0) tops[Math.round(rc.top)] = 1;
          if (Object.keys(tops).length > 1) problems.push('wrap\tmethod name "' + cells[method].textContent.trim() + '" broken over ' + Object.keys(tops).length + ' lines');
        }
        if (diff >= 0 && a >= 0 && cells[diff] && cells[a] && /%/.test(cells[a].textContent)) {
          var d = cells[diff].textContent.trim();
          if (d !== '\u2014' && (!/\bpp\b/.test(d) || /%/.test(d))) problems.push('unit\tdifference of shares "' + d + '" not in pp');
        }
      }
    }
  }
  function check() {
    if (window.__swisslabPrint) {
      // Lay the page out with its print rules, as printing would.
      var rules = [];
      for (var s of document.styleSheets) {
        for (var r of s.cssRules) {
          if (r.media && r.media.mediaText.indexOf('print') >= 0) {
            for (var x of r.cssRules) rules.push(x.cssText);
          }
        }
      }
      var st = document.createElement('style');
      st.textContent = rules.join('\n');
      document.head.appendChild(st);
    }
    var page = document.documentElement.getBoundingClientRect();
    var view = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > view + 1) {
      problems.push('overflow\tpage is ' + document.documentElement.scrollWidth + ' px wide in a ' + view + ' px window');
    }
    var main = document.querySelector('main').getBoundingClientRect();
    var boxes = document.querySelectorAll('main h1, main h2, main p, main li, main td, main th, main figcaption, main figure, main table, main section, main nav');
    for (var el of boxes) {
      var r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') {
        problems.push('overflow\t' + label(el) + ': content ' + el.scrollWidth + ' px in a box of ' + el.clientWidth + ' px');
      } else if (r.right > main.right + 1 || r.left < main.left - 1) {
        problems.push('overflow\t' + label(el) + ': reaches ' + Math.round(r.left) + '-' + Math.round(r.right) + ' px, the page ' + Math.round(main.left) + '-' + Math.round(main.right));
      }
    }
    var palette = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9'];
    for (var fig of document.querySelectorAll('figure')) {
      var svg = fig.querySelector('svg');
      if (!svg) { problems.push('empty\t#' + fig.id + ' has no chart'); continue; }
      var box = svg.getBoundingClientRect();
      for (var t of svg.querySelectorAll('text')) {
        var b = t.getBoundingClientRect();
        if (b.width === 0) continue;
        if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1) {
          problems.push('overflow\t#' + fig.id + ': chart text "' + t.textContent + '" outside the chart');
        }
      }
      var marks = 0;
      for (var m of svg.querySelectorAll('rect, circle, polyline, path')) {
        var fill = (m.getAttribute('fill') || '').toUpperCase();
        var stroke = (m.getAttribute('stroke') || '').toUpperCase();
        if (palette.indexOf(fill) < 0 && palette.indexOf(stroke) < 0) continue;
        var mb = m.getBoundingClientRect();
        // The legend's swatches are not data: they sit below the plot.
        if (mb.top > box.top + box.height * 400 / (svg.viewBox.baseVal.height || box.height)) continue;
        if (mb.width > 0 || mb.height > 0) marks++;
      }
      if (marks === 0) problems.push('empty\t#' + fig.id + ': no data drawn');
      axes(fig, svg, box, palette);
    }
    tables();
    var out = document.createElement('pre');
    out.id = 'swisslab-check';
    out.textContent = problems.length ? problems.join('\n') : 'OK';
    document.body.appendChild(out);
  }
  if (document.readyState === 'complete') check(); else window.addEventListener('load', check);
})();
