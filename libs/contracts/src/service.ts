/** Messages of the service as a whole (outages), shown to users as the error's message. */
export const SERVICE_MESSAGES = {
  databaseUnavailable: 'Brandloom is temporarily unavailable: the database cannot be reached. Please try again in a moment.',
} as const;
