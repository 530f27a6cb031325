import type { AdResultDto, AdResultsResponse } from '@brandloom/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../test/utils';
import PerformancePage from './PerformancePage';

const result = (overrides: Partial<AdResultDto>): AdResultDto => ({
  assetId: 'asset-1',
  assetName: 'Lighthouse',
  thumbnailKey: 'org/thumb-1.webp',
  s3Key: 'org/asset-1.png',
  width: 1024,
  height: 1024,
  prompt: 'A lighthouse',
  adIds: ['1'],
  impressions: 1000,
  reach: 900,
  clicks: 55,
  spend: 7.31,
  currency: 'EUR',
  ctr: 0.055,
  cpc: 0.13,
  cpm: 7.31,
  results: 55,
  resultType: 'link_click',
  costPerResult: 0.13,
  roas: null,
  days: [],
  ...overrides,
});

const answer = (range: number, results: AdResultDto[]): AdResultsResponse => ({ range: range as 7, currency: 'EUR', results, lastReadAt: null });

describe('PerformancePage', () => {
  it('shows each creative with money in its currency, CTR as a percentage and a link to make more like it; the range changes the figures', async () => {
    mockApi({
      'GET /api/ad-results?range=28': {
        body: answer(28, [
          result({ results: 4, resultType: 'purchase', costPerResult: 1.83, roas: 3.4 }),
          result({ assetId: 'asset-2', assetName: 'Harbour', spend: 1.5, ctr: null, cpc: null, clicks: 0, results: 0, costPerResult: null, roas: null }),
        ]),
      },
      'GET /api/ad-results?range=7': { body: answer(7, [result({ spend: 2.25 })]) },
    });
    renderScreen(<PerformancePage />, { path: '/performance' });
    const table = await screen.findByRole('table', { name: 'Creative results, last 28 days' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('€7.31');
    expect(first).toHaveTextContent('5.50%');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Results', 'Cost per result', 'ROAS']));
    const cells = within(first).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[headers.indexOf('Results')]).toBe('4');
    expect(cells[headers.indexOf('Cost per result')]).toBe('€1.83');
    expect(cells[headers.indexOf('ROAS')]).toBe('3.40×');
    expect(within(first).getByRole('link', { name: 'Make more like this' })).toHaveAttribute('href', '/studio?likeAsset=asset-1');
    expect(second).toHaveTextContent('€1.50');
    expect(second).toHaveTextContent('—');

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const week = await screen.findByRole('table', { name: 'Creative results, last 7 days' });
    expect(within(week).getAllByRole('row')[1]).toHaveTextContent('€2.25');
  });

  it('says when nothing has results yet', async () => {
    mockApi({ 'GET /api/ad-results?range=28': { body: answer(28, []) } });
    renderScreen(<PerformancePage />, { path: '/performance' });
    expect(await screen.findByText('No results yet')).toBeInTheDocument();
  });
});
