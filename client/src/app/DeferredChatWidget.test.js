import { whenIdleOrInteracted } from './DeferredChatWidget';

describe('whenIdleOrInteracted (the home page chat button waits for the page)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs once, on the first interaction', () => {
    const callback = jest.fn();
    whenIdleOrInteracted(callback, 3000);
    expect(callback).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs by the timeout without any interaction', () => {
    const callback = jest.fn();
    whenIdleOrInteracted(callback, 3000);
    jest.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the page was left)', () => {
    const callback = jest.fn();
    const cancel = whenIdleOrInteracted(callback, 3000);
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
  });
});
