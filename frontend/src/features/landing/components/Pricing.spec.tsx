import { ANNUAL_PRICING_PLANS, CREDIT_BUNDLES, MONTHLY_PRICING_PLANS, PLANS } from '@brandloom/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pricing } from './Pricing';

const cards = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem').filter((li) => li.querySelector('h3'));

describe('landing pricing (the billing catalogue in libs/contracts)', () => {
  it('shows the monthly plans by default, Pro marked most popular, every button to /signup', () => {
    render(<Pricing />);
    expect(screen.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Annual/ })).toHaveTextContent('Save 40%');
    expect(cards().map((c) => c.querySelector('h3')!.textContent)).toEqual(PLANS.map((p) => p.name));
    const pro = cards()[1];
    expect(pro).toHaveTextContent('Most popular');
    expect(pro).toHaveTextContent('$98 / month');
    expect(pro).toHaveTextContent('75 credits per month');
    expect(cards().filter((c) => c.textContent!.includes('Most popular'))).toHaveLength(1);
    for (const plan of MONTHLY_PRICING_PLANS) expect(screen.getByRole('link', { name: `Get started with ${plan.name} monthly` })).toHaveAttribute('href', '/signup');
  });

  it('switches to annual prices with the monthly equivalent, by click and by arrow key', async () => {
    const user = userEvent.setup();
    render(<Pricing />);
    await user.click(screen.getByRole('tab', { name: /Annual/ }));
    expect(screen.getByRole('tab', { name: /Annual/ })).toHaveAttribute('aria-selected', 'true');
    const starter = cards()[0];
    expect(starter).toHaveTextContent('$499 / year');
    expect(starter).toHaveTextContent('about $42 / month, billed annually');
    expect(starter).toHaveTextContent('360 credits per year');
    expect(cards()[3]).toHaveTextContent('$3,999 / year');
    for (const plan of ANNUAL_PRICING_PLANS) expect(screen.getByRole('link', { name: `Get started with ${plan.name} annual` })).toHaveAttribute('href', '/signup');

    screen.getByRole('tab', { name: /Annual/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Monthly' })).toHaveFocus();
    expect(cards()[0]).toHaveTextContent('$58 / month');
  });

  it('lists the one-time bundles with the limited-time ones marked', () => {
    render(<Pricing />);
    for (const bundle of CREDIT_BUNDLES) {
      const link = screen.getByRole('link', { name: `Buy credits: ${bundle.name}` });
      expect(link).toHaveAttribute('href', '/signup');
      const card = link.closest('li')!;
      expect(card).toHaveTextContent(`${bundle.credits.toLocaleString('en-US')} credits, one time`);
      expect(card.textContent!.includes('Limited time')).toBe(bundle.limited);
    }
  });
});
