/* prerender/earlySubmit.js: a press on a prerendered form before hydration is sent again once, by the same
 * button; a press after the form is hydrated is React's alone (never sent twice). */

function freshModule() {
  let module;
  jest.isolateModules(() => {
    module = require('./earlySubmit');
  });
  return module;
}

function form({ marked = true } = {}) {
  const element = document.createElement('form');
  element.setAttribute('method', 'dialog');
  if (marked) element.setAttribute('data-resubmit', '');
  element.innerHTML = '<button type="submit" name="go">Go</button>';
  document.body.appendChild(element);
  element.requestSubmit = jest.fn();
  return element;
}

function press(element) {
  // jsdom has no SubmitEvent: a submit event carrying its submitter, as the browser's does.
  const event = new Event('submit', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'submitter', { value: element.querySelector('button') });
  element.dispatchEvent(event);
}

/** A fresh module listening on a container that holds one form (marked data-resubmit unless said otherwise). */
function listening({ marked = true } = {}) {
  const { listenForEarlySubmits, hydratedForm } = freshModule();
  const target = document.createElement('div');
  document.body.appendChild(target);
  listenForEarlySubmits(target);
  const element = form({ marked });
  target.appendChild(element);
  return { element, hydratedForm };
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

test('a press before hydration is sent again once, by the same button', () => {
  const { element, hydratedForm } = listening();
  press(element);
  hydratedForm(element); // React's commit
  expect(element.requestSubmit).not.toHaveBeenCalled(); // not inside the commit
  jest.runAllTimers();
  hydratedForm(element); // a later commit of the same form
  jest.runAllTimers();
  expect(element.requestSubmit).toHaveBeenCalledTimes(1);
  expect(element.requestSubmit).toHaveBeenCalledWith(element.querySelector('button'));
});

test('a press once the form is hydrated is not replayed (React has handled it)', () => {
  const { element, hydratedForm } = listening();
  hydratedForm(element); // the commit
  press(element); // React handles this one
  jest.runAllTimers();
  expect(element.requestSubmit).not.toHaveBeenCalled();
});

test('only forms marked data-resubmit are remembered', () => {
  const { element, hydratedForm } = listening({ marked: false });
  press(element);
  hydratedForm(element);
  jest.runAllTimers();
  expect(element.requestSubmit).not.toHaveBeenCalled();
});
