import { navigateTo, setNavigator } from './navigation';

describe('navigateTo', () => {
  afterEach(() => setNavigator(null));

  it('navigates with the registered function', () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    navigateTo('/auth', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
  });

  it('keeps a navigation asked for before the router mounted and makes it on registration', () => {
    navigateTo('/auth', { replace: true });
    const navigate = jest.fn();
    setNavigator(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
    // Made once: a later registration (the router's navigate changing) does not repeat it.
    const next = jest.fn();
    setNavigator(next);
    expect(next).not.toHaveBeenCalled();
  });

  it('keeps only the latest of several early navigations', () => {
    navigateTo('/auth', { replace: true });
    navigateTo('/auth?reason=expired', { replace: true });
    const navigate = jest.fn();
    setNavigator(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth?reason=expired', { replace: true });
  });
});
