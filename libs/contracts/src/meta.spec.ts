import { adsManagerUrl } from './meta';

describe('adsManagerUrl', () => {
  it('opens Ads Manager on the account with the one pushed ad selected', () => {
    expect(adsManagerUrl('act_111', '238600001')).toBe('https://adsmanager.facebook.com/adsmanager/manage/ads?act=111&selected_ad_ids=238600001');
  });

  it('selects every ad of a push of several, as one comma-separated list', () => {
    const url = new URL(adsManagerUrl('act_111', ['238600001', '238600002', '238600003']));
    expect(url.searchParams.get('act')).toBe('111');
    expect(url.searchParams.get('selected_ad_ids')).toBe('238600001,238600002,238600003');
    expect(url.search).toBe('?act=111&selected_ad_ids=238600001%2C238600002%2C238600003');
  });
});
