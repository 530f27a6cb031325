import { chunksLoaded, loadChunk } from './chunks';

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('chunks', () => {
  it('waits for every chunk in flight, and for the chunks they start in turn', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const arrived: string[] = [];
    void loadChunk(() => first.promise).then((name) => {
      arrived.push(name);
      return loadChunk(() => second.promise).then((next) => void arrived.push(next));
    });
    let done = false;
    const waiting = chunksLoaded().then(() => (done = true));

    first.resolve('screen');
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    second.resolve('its language');
    await waiting;
    expect(arrived).toEqual(['screen', 'its language']);
  });

  it('counts a failed chunk as settled and still hands its failure to the caller', async () => {
    const chunk = deferred<string>();
    const loading = loadChunk(() => chunk.promise);
    chunk.reject(new Error('offline'));
    await expect(loading).rejects.toThrow('offline');
    await expect(chunksLoaded()).resolves.toBeUndefined();
  });
});
