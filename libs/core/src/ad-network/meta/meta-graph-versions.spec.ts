import { graphVersionNotice } from './meta-graph-versions';

describe("graphVersionNotice (Meta's Marketing API version table)", () => {
  const on = (day: string) => new Date(`${day}T12:00:00Z`);

  it('says nothing for a version with more than 60 days left or no date yet', () => {
    expect(graphVersionNotice('v27.0', on('2026-11-25'))).toBeNull();
    expect(graphVersionNotice('v26.0', on('2026-11-25'))).toBeNull();
    expect(graphVersionNotice('v25.0', on('2026-11-25'))).toBeNull();
    expect(graphVersionNotice('v28.0', on('2026-11-25'))).toBeNull();
  });

  it('announces a version within 60 days of its expiry, then as expired', () => {
    expect(graphVersionNotice('v25.0', on('2027-01-10'))).toEqual({ version: 'v25.0', expiresOn: '2027-02-23', expired: false });
    expect(graphVersionNotice('v24.0', on('2026-11-25'))).toEqual({ version: 'v24.0', expiresOn: '2026-11-10', expired: true });
  });

  it('treats a version older than the table as expired', () => {
    expect(graphVersionNotice('v19.0', on('2026-11-25'))).toEqual({ version: 'v19.0', expiresOn: null, expired: true });
  });
});
