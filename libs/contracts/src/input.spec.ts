import { isUuid } from './input';

describe('isUuid', () => {
  it('accepts a UUID in canonical form, either case, any version', () => {
    for (const id of ['11111111-2222-4333-8444-555555555555', 'AAAAAAAA-BBBB-1CCC-9DDD-EEEEEEEEEEEE', '00000000-0000-0000-0000-000000000000']) expect(isUuid(id)).toBe(true);
  });

  it('refuses what a uuid column would refuse with an error, and every non-string', () => {
    for (const value of ['', 'not-a-uuid', '11111111-2222-4333-8444-55555555555', '11111111222243338444555555555555', '{11111111-2222-4333-8444-555555555555}', ' 11111111-2222-4333-8444-555555555555', '11111111-2222-4333-8444-555555555555\n', 'g1111111-2222-4333-8444-555555555555', 42, null, undefined, {}, ['11111111-2222-4333-8444-555555555555']]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
