/*
 * Radiology booking portal: sizes a frame that shows the portal's /iframe/... pages to their
 * content, and brings the frame's top into view when the patient moves to a new page.
 * Paste after the frame (docs/product/embedding.md):
 *
 *   <iframe data-portal-frame src="https://PORTAL/iframe/select-region"
 *     title="Book an imaging appointment" style="width:100%;height:800px;border:0"
 *     allow="geolocation"></iframe>
 *   <script src="https://PORTAL/embed.js" async></script>
 *
 * It listens only to messages from the portal's own origin (this script's) and from one of
 * the page's data-portal-frame frames; the messages carry a height, never patient data.
 */
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const portal = new URL(script.src).origin;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== portal || !data || typeof data !== 'object') return;
    for (const frame of document.querySelectorAll('iframe[data-portal-frame]')) {
      if (frame.contentWindow !== event.source) continue;
      if (data.type === 'portal:height') {
        const height = Number(data.height);
        if (Number.isFinite(height) && height > 0 && height < 100000) {
          frame.style.height = `${Math.ceil(height)}px`;
        }
      } else if (data.type === 'portal:navigated' && frame.getBoundingClientRect().top < 0) {
        frame.scrollIntoView();
      }
    }
  });
})();
