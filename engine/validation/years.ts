/** Spec §9: academic years; a month before September counts as the previous year. */
export function academicYear(date: Date): number {
  return date.getUTCMonth() < 8 ? date.getUTCFullYear() - 1 : date.getUTCFullYear();
}

/** Years from `back` before to `forward` after the current academic year, newest first. */
export function yearList(today: Date, back: number, forward: number): number[] {
  const current = academicYear(today);
  const years: number[] = [];
  for (let year = current + forward; year >= current - back; year -= 1) years.push(year);
  return years;
}
