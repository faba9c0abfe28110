// RAG chunk planner, optional: let the frame above grow to fit the calculator.
// Only height messages from that frame's own window and origin are used; the
// height is clamped, so no other page or script can resize it to anything odd
// (the top fits the calculator with every planning panel on a phone).
(() => {
  const frame = /** @type {HTMLIFrameElement} */ (document.currentScript.previousElementSibling);
  const origin = new URL(frame.src).origin;
  addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    if (data?.type !== "rag-chunk-planner:height" || !Number.isFinite(data.height)) return;
    frame.style.height = `${Math.round(Math.min(20000, Math.max(200, data.height)))}px`;
  });
})();
