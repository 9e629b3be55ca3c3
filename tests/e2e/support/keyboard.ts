import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { BUTTON_CLICK_LOCK_MS } from '#engine/constants';

/* Moving through a page with the keyboard alone, as a keyboard user does. */

/** Presses Tab until the target has focus. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${target.toString()} with Tab`);
}

export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Chooses a radio by moving to its group with Tab and along it with the arrow keys. */
export async function chooseRadio(page: Page, group: Locator, label: string): Promise<void> {
  const radios = group.getByRole('radio');
  await tabTo(page, radios.first());
  const names = await radios.evaluateAll((els) =>
    els.map((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
  );
  const index = names.indexOf(label);
  expect(index, `${label} in ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Space');
  for (let i = 0; i < index; i += 1) await page.keyboard.press('ArrowDown');
}

/**
 * Chooses an option by typing its name: in a drop-down, typing selects it; in a long list's
 * combobox, typing filters the list and Down then Enter choose it.
 */
export async function selectOption(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select);
  if ((await select.getAttribute('role')) === 'combobox') {
    // The open listbox has the question's name too: keep to the input.
    const box = select.and(page.getByRole('combobox'));
    await page.keyboard.type(label);
    const activeOption = () =>
      box.evaluate((el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.textContent);
    await page.getByRole('option', { name: label, exact: true }).waitFor();
    for (let i = 0; i < 20 && (await activeOption()) !== label; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(label);
    return;
  }
  await page.keyboard.type(label);
  await expect.poll(() => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(label);
}

/** When the page's button was last pressed by pressButton (performance.now() in the page). */
type PressedButton = HTMLElement & { pressedAt?: number };

/**
 * Moves to the button with Tab and presses Enter. A form's buttons ignore a press for a second after one (spec §5's
 * click lock). A person pressing the same button again (Continue, after correcting the answers it found wrong) takes
 * longer than that; a test on a fast machine may not, so a second press of the same button waits for its lock to end.
 * A new step's button is a new one.
 */
export async function pressButton(page: Page, button: Locator, limit?: number): Promise<void> {
  await tabTo(page, button, limit);
  const locked = await button.evaluate(
    (el: PressedButton, lockMs) => (el.pressedAt ?? -Infinity) + lockMs - performance.now(),
    BUTTON_CLICK_LOCK_MS,
  );
  if (locked > 0) await page.waitForTimeout(locked);
  await button.evaluate((el: PressedButton) => {
    el.pressedAt = performance.now();
  });
  await page.keyboard.press('Enter');
}

export const pressContinue = (page: Page) => pressButton(page, page.getByRole('button', { name: 'Continue' }));
