import { generationEndpoint, GenerationRequestError, startGeneration, type GenerationInput } from './startGeneration';

const INPUT: GenerationInput = {
  prompt: 'A red bottle on a table',
  quality: 'medium',
  size: '1024x1024',
  brandProfileId: null,
  variationCount: 1,
  contentPolicyScan: true,
  referenceImages: [],
};

function answer(response: Response | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GenerationRequestError);
  expect((error as Error).message).toBe(`Failed to generate image: ${(error as GenerationRequestError).reason}`);
  return (error as GenerationRequestError).reason;
}

describe('startGeneration error chain', () => {
  it.each([
    ['the message', new Response(JSON.stringify({ message: 'Not enough credits. You need 4 credits, but you only have 1.' }), { status: 402 }), 'Not enough credits. You need 4 credits, but you only have 1.'],
    ['a list of messages', new Response(JSON.stringify({ message: ['Prompt must be at least 5 characters', 'Please select an image size'] }), { status: 400 }), 'Prompt must be at least 5 characters, Please select an image size'],
    ['the error', new Response(JSON.stringify({ error: 'Provider unavailable' }), { status: 503 }), 'Provider unavailable'],
    ["'Failed to start generation'", new Response(JSON.stringify({}), { status: 500 }), 'Failed to start generation'],
    ["'Server error: status text' for a body that is not JSON", new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }), 'Server error: Bad Gateway'],
    ["'Failed to parse server response' for an OK answer that is not JSON", new Response('not json', { status: 201 }), 'Failed to parse server response'],
    ["'Failed to start generation' for an answer without a job", new Response(JSON.stringify({ status: 'queued' }), { status: 201 }), 'Failed to start generation'],
    ["'Failed to generate image. Please try again.' when the request fails", new TypeError('Failed to fetch'), 'Failed to generate image. Please try again.'],
  ])('reads %s', async (_, response, reason) => {
    answer(response);
    expect(await reasonOf(startGeneration(INPUT))).toBe(reason);
  });

  it('resolves with the answer when it carries a job id', async () => {
    answer(new Response(JSON.stringify({ job: { id: 'job-9' } }), { status: 201 }));
    await expect(startGeneration(INPUT)).resolves.toMatchObject({ job: { id: 'job-9' } });
  });
});

describe('routing and the TEST prefix', () => {
  it('picks /api/studio for reference images, /api/generate/test for a TEST prompt, else /api/generate', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(generationEndpoint({ prompt: 'TEST a bottle', referenceImages: [file] })).toBe('/api/studio');
    expect(generationEndpoint({ prompt: 'TEST a bottle', referenceImages: [] })).toBe('/api/generate/test');
    expect(generationEndpoint({ prompt: 'A bottle', referenceImages: [] })).toBe('/api/generate');
  });

  it('sends test images to the test endpoint with the prompt untouched (no TEST prefix in their names)', () => {
    expect(generationEndpoint({ prompt: 'A bottle', referenceImages: [], testImages: true })).toBe('/api/generate/test');
    expect(generationEndpoint({ prompt: 'A bottle', referenceImages: [], testImages: false })).toBe('/api/generate');
  });
});
