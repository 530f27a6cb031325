import { META_MESSAGES } from '@brandloom/contracts';
import { pushFormProblems } from './PushToMetaDialog';

describe('pushFormProblems (every push field is required)', () => {
  const complete = { adAccountId: 'act_111', pageId: '501', campaignId: '9001', adSetId: '7001', creativeName: 'Lighthouse - Meta Ad' };

  it("names every missing field in the product's words", () => {
    expect(pushFormProblems({ adAccountId: '', pageId: '', campaignId: '', adSetId: '', creativeName: '   ' })).toEqual({
      adAccountId: META_MESSAGES.selectAdAccount,
      pageId: META_MESSAGES.selectPage,
      campaignId: META_MESSAGES.selectCampaign,
      adSetId: META_MESSAGES.selectAdSet,
      creativeName: META_MESSAGES.enterCreativeName,
    });
  });

  it('takes a creative name of 1 to 100 characters after trimming', () => {
    expect(pushFormProblems(complete)).toEqual({});
    expect(pushFormProblems({ ...complete, creativeName: ` ${'x'.repeat(100)} ` })).toEqual({});
    expect(pushFormProblems({ ...complete, creativeName: 'x'.repeat(101) })).toEqual({ creativeName: META_MESSAGES.creativeNameTooLong });
  });

  it('takes an empty destination link (the website is used) or an https address, and refuses anything else', () => {
    expect(pushFormProblems({ ...complete, link: '' })).toEqual({});
    expect(pushFormProblems({ ...complete, link: ' https://example.com/offer ' })).toEqual({});
    for (const link of ['http://example.com', 'example.com', 'javascript:alert(1)', `https://example.com/${'x'.repeat(1100)}`]) {
      expect(pushFormProblems({ ...complete, link })).toEqual({ link: 'Enter an https:// address, for example https://example.com/offer' });
    }
  });
});
