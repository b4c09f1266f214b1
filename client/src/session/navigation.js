/* Lets non-React code (the API layer's 401 handling) navigate with the router's navigate function.
 * <NavigationBridge/> (router.jsx) registers it once the router is mounted.
 *
 * A navigation asked for before that is kept and made on registration: the entry starts the first screen's reads
 * before React mounts (api/earlyReads.js), so a revoked session's 401 can be answered while the hydrating tree has
 * not committed yet; dropped, it would leave the visitor signed out on the page with nothing left to fail. */
let navigateFn = null;
let pending = null;

export function setNavigator(fn) {
  navigateFn = fn;
  if (fn && pending) {
    const { path, options } = pending;
    pending = null;
    fn(path, options);
  }
}

export function navigateTo(path, options) {
  if (navigateFn) navigateFn(path, options);
  else pending = { path, options };
}
