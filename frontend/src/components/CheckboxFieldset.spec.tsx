import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CheckboxFieldset } from './CheckboxFieldset';

const OPTIONS = ['assets:read', 'assets:write', 'generate'] as const;
type Option = (typeof OPTIONS)[number];
const DESCRIPTIONS: Record<Option, string> = { 'assets:read': 'List and read assets', 'assets:write': 'Rename and delete assets', generate: 'Create generations' };

function Harness({ error, onChange }: { error?: string; onChange: (value: Option[]) => void }) {
  const [value, setValue] = useState<Option[]>(['generate']);
  return (
    <CheckboxFieldset
      legend="Scopes"
      options={OPTIONS}
      descriptions={DESCRIPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      error={error}
    />
  );
}

describe('CheckboxFieldset', () => {
  it('is a group named by its legend, one checkbox per option named by its code and description, toggling in and out', async () => {
    const user = userEvent.setup();
    const changes: Option[][] = [];
    render(<Harness onChange={(value) => changes.push(value)} />);
    const group = screen.getByRole('group', { name: 'Scopes' });
    expect(group).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['assets:read List and read assets', 'assets:write Rename and delete assets', 'generate Create generations']);
    expect(screen.getByRole('checkbox', { name: 'generate Create generations' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'assets:write Rename and delete assets' }));
    await user.click(screen.getByRole('checkbox', { name: 'generate Create generations' }));
    expect(changes).toEqual([['generate', 'assets:write'], ['assets:write']]);
    expect(screen.getByRole('checkbox', { name: 'assets:write Rename and delete assets' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'generate Create generations' })).not.toBeChecked();
  });

  it('shows its error under the choices', () => {
    render(<Harness error="Choose at least one scope" onChange={() => {}} />);
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
  });
});
