export class InsufficientCreditsError extends Error {
  constructor(readonly required: number, readonly available: number) {
    super(`Not enough credits. You need ${required} credits, but you only have ${available}.`);
  }
}
