/** The body of POST /events for an insight day in a week's time, six hours long, in London. */
export function insightDayInAWeek(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = Date.now() + 7 * 86_400_000;
  return {
    title: 'Insight day',
    type: 'INSIGHT_DAY',
    startDate: new Date(start).toISOString(),
    eventEndDate: new Date(start + 6 * 3_600_000).toISOString(),
    place: '1 Acme Street, London',
    capacity: 50,
    ...overrides,
  };
}
