// Starts the app after the first paint of the server's prerendered shell, so that on a slow
// link the app's JavaScript does not compete with the HTML, the stylesheet and the logo for the
// first paint (apps/server/src/plugins/index-html.ts prioritiseFirstPaint writes this tag in
// place of the module script, with the entry and its modulepreloads as data attributes).
// A classic external script: the CSP allows no inline script.
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const preloads = (script.dataset.preloads ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // One chunk's module code per task, dependencies first (the order the build lists them),
    // then the entry: evaluated as one graph they were one task past the 50 ms a long task
    // starts at on Lighthouse's 4x slower mobile CPU (TBT, the booking home's speed budget in
    // docs/benchmarks.md). All are already requested above, so this only spreads their evaluation;
    // a chunk that fails here is left to the entry's own import to report.
    const evaluate = (index) => {
      if (index === preloads.length) {
        import(entry);
        return;
      }
      import(preloads[index]).catch(() => undefined).then(() => setTimeout(evaluate, 0, index + 1));
    };
    evaluate(0);
  };
  // After the next frame has painted; a background tab paints no frames, so a timer as well.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
