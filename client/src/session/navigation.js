/* Lets non-React code (the API layer's 401 handling) navigate with the router's navigate function.
 * <NavigationBridge/> (router.jsx) registers it once the router is mounted. */
let navigateFn = null;

export function setNavigator(fn) {
  navigateFn = fn;
}

export function navigateTo(path, options) {
  if (navigateFn) navigateFn(path, options);
}
