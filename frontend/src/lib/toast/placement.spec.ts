import { MIN_BAND_HEIGHT, toastPlacement } from './placement';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('toastPlacement', () => {
  it('keeps the corner when no dialog is open, or only empty (hidden) ones', () => {
    expect(toastPlacement([], desktop)).toEqual({ kind: 'corner' });
    expect(toastPlacement([box(0, 0, 0, 0)], desktop)).toEqual({ kind: 'corner' });
  });

  it('goes beside a centred desktop dialog, as wide as the free column', () => {
    expect(toastPlacement([box(340, 100, 940, 700)], desktop)).toEqual({ kind: 'side', width: 340 });
  });

  it('goes below or above a phone dialog, whichever band is larger', () => {
    expect(toastPlacement([box(16, 32, 374, 600)], phone)).toEqual({ kind: 'below', height: 244 });
    expect(toastPlacement([box(16, 300, 374, 812)], phone)).toEqual({ kind: 'above', height: 300 });
  });

  it('waits while the dialogs leave no band a toast fits in', () => {
    expect(toastPlacement([box(0, 0, 390, 844)], phone)).toEqual({ kind: 'held' });
    expect(toastPlacement([box(16, MIN_BAND_HEIGHT - 1, 374, phone.height - MIN_BAND_HEIGHT + 1)], phone)).toEqual({ kind: 'held' });
  });

  it('takes every open dialog into account (a confirmation over a view)', () => {
    expect(toastPlacement([box(16, 400, 374, 700), box(16, 32, 374, 500)], phone)).toEqual({ kind: 'below', height: 144 });
  });
});
