import { Button } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from './Tooltip';

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('Tooltip (delay 700 ms, skip delay 300 ms)', () => {
  it('opens after 700 ms, at once within 300 ms of another closing, and after 700 ms again later', async () => {
    const user = userEvent.setup();
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
    await sleep(500);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent('First tip');

    // Moving on to the next one within 300 ms: it opens without waiting.
    await user.unhover(screen.getByText('First'));
    await user.hover(screen.getByText('Second'));
    await sleep(50);
    expect(screen.getByText('Second tip')).toBeInTheDocument();

    // More than 300 ms after a close: the full delay again.
    await user.unhover(screen.getByText('Second'));
    await sleep(450);
    await user.hover(screen.getByText('Third'));
    await sleep(400);
    expect(screen.queryByText('Third tip')).not.toBeInTheDocument();
    expect(await screen.findByText('Third tip', {}, { timeout: 1000 })).toBeInTheDocument();
  });
});
