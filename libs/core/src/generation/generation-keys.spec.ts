import { generationQueuePriority } from '@brandloom/contracts';
import { isValidStorageKey, keyBelongsToOrganization } from '../storage/storage-key';
import { generatedImageKey, newStorageSeed } from './generation-keys';

describe('generated image keys', () => {
  const org = '6f1c1c1e-0000-4000-8000-000000000001';

  it('are organization-scoped, valid and the same for the same seed and variation (a retry overwrites its own file)', () => {
    const seed = newStorageSeed();
    const key = generatedImageKey(org, seed, 0);
    expect(key).toMatch(new RegExp(`^org/${org}/generated/[0-9a-f]{32}\\.png$`));
    expect(isValidStorageKey(key)).toBe(true);
    expect(keyBelongsToOrganization(key, org)).toBe(true);
    expect(generatedImageKey(org, seed, 0)).toBe(key);
    expect(generatedImageKey(org, seed, 1)).not.toBe(key);
    expect(generatedImageKey(org, newStorageSeed(), 0)).not.toBe(key);
  });
});

describe('generation queue priority', () => {
  it("keeps the product's order between qualities and puts priority plans one step ahead within a quality", () => {
    expect(['low', 'medium', 'high'].map((q) => generationQueuePriority(q as 'low', 'Starter'))).toEqual([2, 4, 8]);
    expect(['low', 'medium', 'high'].map((q) => generationQueuePriority(q as 'low', 'Pro'))).toEqual([1, 3, 7]);
    expect(generationQueuePriority('medium', 'Team+')).toBe(3);
    expect(generationQueuePriority('medium', 'Agency')).toBe(3);
    expect(generationQueuePriority(undefined, null)).toBe(4);
  });
});
