// interact.js - pointer (mouse, pen, touch), wheel and keyboard input.
//
// The views decide what a press grabs (app.grab); this module only turns events into calls:
// a grab is dragged with the pointer, a press on nothing pans the view, the wheel rotates the
// shape under it or zooms, and the keys rotate (Q / E) and step (arrows, S). In the 3D view a
// press on nothing orbits the camera (with Shift it pans), Shift and the wheel turn the shape
// about the screen's vertical, and A / D and R / F turn it about the screen's axes.

export function attachInput(canvas, app) {
  let drag = null; // { id, grab, prev: world point, last: screen point }
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const tolerance = (e) => (e.pointerType === 'touch' ? 22 : 10);

  canvas.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (drag) return; // one pointer at a time
    const s = local(e);
    const grab = app.grab(s, tolerance(e));
    drag = { id: e.pointerId, grab, prev: app.camera().toWorld(s), last: s };
    canvas.setPointerCapture(e.pointerId);
    canvas.style.cursor = grab ? 'grabbing' : 'move';
    if (grab) app.changed();
    e.preventDefault();
  });

  canvas.addEventListener('pointermove', (e) => {
    const s = local(e);
    if (!drag) {
      if (e.pointerType === 'mouse') canvas.style.cursor = app.hover(s, tolerance(e));
      return;
    }
    if (e.pointerId !== drag.id) return;
    const cam = app.camera();
    if (drag.grab) {
      const q = cam.toWorld(s);
      drag.grab.move(q, drag.prev);
      drag.prev = q;
      app.changed();
    } else {
      if (cam.orbit && !e.shiftKey) cam.orbit(s[0] - drag.last[0], s[1] - drag.last[1]);
      else cam.pan(s[0] - drag.last[0], s[1] - drag.last[1]);
      app.redraw();
    }
    drag.last = s;
  });

  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag = null;
    canvas.style.cursor = '';
    app.dragEnded();
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);

  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    const delta = e.deltaY !== 0 ? e.deltaY : e.deltaX; // Shift turns some wheels sideways
    const dy = e.deltaMode === 1 ? delta * 33 : delta; // lines -> pixels
    app.wheel(local(e), dy, e.shiftKey);
  }, { passive: false });

  document.addEventListener('keydown', (e) => {
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'q') app.rotateSelected(+5);
    else if (key === 'e') app.rotateSelected(-5);
    else if (key === 'a' || key === 'd') app.turn3('up', key === 'd' ? +5 : -5);
    else if (key === 'r' || key === 'f') app.turn3('right', key === 'f' ? +5 : -5);
    else if (key === 'arrowright') app.stepBy(+1);
    else if (key === 'arrowleft') app.stepBy(-1);
    else if (key === 's') app.toggleStepMode();
    else return;
    e.preventDefault();
  });
}
