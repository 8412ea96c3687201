import type { Locator, Page } from '@playwright/test';

/** What a new visit is for: the patient, whom it is with (the field's name and the option), the day and the free slot. */
export interface VisitChoice {
  patient: string;
  /** 'Doctor', 'Scan or test'. */
  ownerField: string;
  owner: string;
  date: string;
  /** The free slot's button: '8:00 am'. */
  time: string;
}

/** In an open New appointment or New booking dialog: finds the patient, chooses the doctor or test, the day and the slot. */
export async function chooseVisit(page: Page, dialog: Locator, choice: VisitChoice): Promise<void> {
  await dialog.getByLabel('Find patient').fill(choice.patient);
  await dialog
    .getByRole('listbox', { name: 'Matching patients' })
    .getByRole('option', { name: new RegExp(choice.patient) })
    .click();
  await dialog.getByRole('combobox', { name: choice.ownerField }).fill(choice.owner);
  await page.getByRole('option', { name: new RegExp(choice.owner) }).click();
  await dialog.getByLabel('Date', { exact: true }).fill(choice.date);
  await dialog.getByRole('group', { name: 'Free slots' }).getByRole('button', { name: choice.time }).click();
}
