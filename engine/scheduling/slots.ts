/** Scheduling constants and rules of spec §5 and §9. */
const SLOT_DURATION_MIN = 15;
const SLOT_DURATION_MAX = 540;
const SLOT_STEP_MINUTES = 15;
const MAX_INTERVIEW_DAYS = 5;
export const INVITE_DUE_DAY_OPTIONS: readonly number[] = [...Array.from({ length: 28 }, (_, i) => i + 1), 200];

/** Times of day in 15-minute steps from 00:00 to 23:45. */
export function timeOptions(): string[] {
  return Array.from({ length: (24 * 60) / SLOT_STEP_MINUTES }, (_, i) => {
    const minutes = i * SLOT_STEP_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/** Slot durations 15 to 540 minutes in 15-minute steps. */
export function slotDurations(): number[] {
  return Array.from(
    { length: (SLOT_DURATION_MAX - SLOT_DURATION_MIN) / SLOT_STEP_MINUTES + 1 },
    (_, i) => SLOT_DURATION_MIN + i * SLOT_STEP_MINUTES,
  );
}

/** The interview-days list is capped at 5 unless disableMaxInterviewDays applies. */
export function canAddInterviewDay(daysSoFar: number, disableMaxInterviewDays = false): boolean {
  return disableMaxInterviewDays || daysSoFar < MAX_INTERVIEW_DAYS;
}

/** An invitation due in `days` days is due at 23:59 (local to the given date's time zone offset: UTC here). */
export function inviteDueDate(from: Date, days: number): Date {
  const due = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days, 23, 59, 0, 0));
  return due;
}

export type SlotDisplay = 'Booked' | 'Passed' | 'Available';
/** Booked if selected; Passed if the start is in the past; otherwise Available. */
export function slotDisplay(
  slot: { selectedTime?: unknown; startDateTime: string | number | Date },
  now: Date,
): SlotDisplay {
  if (slot.selectedTime) return 'Booked';
  return new Date(slot.startDateTime).getTime() < now.getTime() ? 'Passed' : 'Available';
}
