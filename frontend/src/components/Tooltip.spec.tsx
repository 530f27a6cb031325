import { Button, Dialog, IconButton } from '@mui/material';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { fakeTimeoutsOnly } from '../test/fakeTimeouts';
import { Tooltip } from './Tooltip';

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('Tooltip timing (delay 700 ms, skip delay 300 ms), on a fake clock', () => {
  fakeTimeoutsOnly({ andClock: true });
  const elapse = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('opens after 700 ms, at once within 300 ms of another closing, and after 700 ms again later', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <Tooltip title="First tip">
          <Button>First</Button>
        </Tooltip>
        <Tooltip title="Second tip">
          <Button>Second</Button>
        </Tooltip>
        <Tooltip title="Third tip">
          <Button>Third</Button>
        </Tooltip>
      </>,
    );

    await user.hover(screen.getByText('First'));
    elapse(699);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    elapse(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('First tip');

    // Moving on to the next one within 300 ms: it opens without waiting.
    await user.unhover(screen.getByText('First'));
    elapse(299);
    await user.hover(screen.getByText('Second'));
    expect(screen.getByText('Second tip')).toBeInTheDocument();

    // 300 ms or more after a close: the full delay again.
    await user.unhover(screen.getByText('Second'));
    elapse(300);
    await user.hover(screen.getByText('Third'));
    elapse(699);
    expect(screen.queryByText('Third tip')).not.toBeInTheDocument();
    elapse(1);
    expect(screen.getByText('Third tip')).toBeInTheDocument();
  });
});

describe('Tooltip', () => {
  it('stays closed once its trigger is clicked: not over the dialog the click opened, nor when the dialog hands the focus back', async () => {
    const user = userEvent.setup();
    render(<ChartButton />);
    const trigger = screen.getByRole('button', { name: 'Daily chart' });

    // Hovered, then clicked before the delay is over: the dialog opens and the tooltip never does.
    await user.click(trigger);
    await screen.findByRole('dialog');
    await sleep(900);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await sleep(900);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // With the keyboard: the focus shows it; Enter opens the dialog, Escape closes it and the focus comes back without it.
    await user.unhover(trigger);
    await user.tab();
    await user.tab({ shift: true });
    expect(await screen.findByRole('tooltip', {}, { timeout: 1500 })).toHaveTextContent('Daily chart');
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await sleep(900);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

/** An icon button that opens a dialog, as the performance table's chart button does. */
function ChartButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Daily chart">
        <IconButton aria-label="Daily chart" onClick={() => setOpen(true)}>
          ▦
        </IconButton>
      </Tooltip>
      <Button>Next</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-label="Chart">
        <Button onClick={() => setOpen(false)}>Close</Button>
      </Dialog>
    </>
  );
}
