/* A prerendered form (/auth) can be sent before the app has hydrated it: typed and submitted while the JavaScript
 * still starts (a slow phone, a quick hand, a browser test). Its method="dialog" keeps the browser from sending it
 * anywhere and React is not listening yet, so the press would be lost. The entry (index.jsx) listens for such submits
 * from its first moment; the form, once hydrated, sends the one it missed (replayEarlySubmit in its effect).
 * No React here: the entry stays free of the app's modules until after the first paint (decision 0070). */

const hydratedForms = new WeakSet();
let missed = null; // [form, submitter] of the press made before the form was hydrated

/** Installed by the entry, before the app starts. Only forms marked data-early-submit are remembered. */
export function listenForEarlySubmits(target = document) {
  target.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (form.hasAttribute && form.hasAttribute('data-early-submit') && !hydratedForms.has(form)) {
        missed = [form, event.submitter];
      }
    },
    true,
  );
}

/** Called by the form's component once it is on the page (an effect): from now on React handles its submits; if it
 * was submitted before, it is submitted again, as by the same button. */
export function replayEarlySubmit(form) {
  if (!form) return;
  hydratedForms.add(form);
  if (missed && missed[0] === form) {
    const submitter = missed[1];
    missed = null;
    form.requestSubmit(submitter || undefined);
  }
}
