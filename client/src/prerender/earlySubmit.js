/* A prerendered form (/auth) can be sent before the app has hydrated it: typed and submitted while the JavaScript
 * still starts (a slow phone, a quick hand, a browser test). Its method="dialog" keeps the browser from sending it
 * anywhere and React is not listening yet, so the press would be lost. The entry (index.jsx) listens for such submits
 * from its first moment; the form, once hydrated, sends the one it missed (hydratedForm, its ref).
 * No React here: the entry stays free of the app's modules until after the first paint (decision 0070). */

const hydratedForms = new WeakSet();
let missed = null; // [form, submitter] of the press made before the form was hydrated

/** Installed by the entry, before the app starts. Only forms marked data-resubmit are remembered. */
export function listenForEarlySubmits(target = document) {
  target.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (form.hasAttribute('data-resubmit') && !hydratedForms.has(form)) {
        missed = [form, event.submitter];
      }
    },
    true,
  );
}

/** The form's ref, called as React commits the hydrated form: from then on its submits are React's alone (a press
 * after the commit is never taken for a missed one, so never sent twice); a press it missed is sent again, as by
 * the same button, once the commit is over. */
export function hydratedForm(form) {
  if (!form) return;
  hydratedForms.add(form);
  if (!missed || missed[0] !== form) return;
  const submitter = missed[1];
  missed = null;
  setTimeout(() => form.requestSubmit(submitter || undefined), 0); // every browser since 2022 (Safari 16)
}
