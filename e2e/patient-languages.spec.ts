import { uniqueSuffix } from './support/files.ts';
import { expect, test, type Page } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { keepPatientSession, patientSession } from './support/patient-app.ts';

// Issue 20: the patient app read in Kannada and in Tamil, on a phone and on a desktop.

const HOSPITAL = 'Sanjeevani Multispeciality Hospital';

interface Words {
  code: 'kn' | 'ta';
  name: string;
  /** The face this language loads; the others must stay unloaded. */
  font: RegExp;
  homeTitle: string;
  bookSuffix: string;
  time: string;
  continue: string;
  personHeading: string;
  fullName: string;
  age: string;
  female: string;
  confirmHeading: string;
  confirm: string;
  bookedHeading: string;
  yourToken: string;
  addToCalendar: string;
  myVisits: string;
  upcoming: string;
}

const languages: Words[] = [
  {
    code: 'kn',
    name: 'ಕನ್ನಡ',
    font: /noto-sans-kannada/,
    homeTitle: 'ನಿಮ್ಮ ಆಸ್ಪತ್ರೆ ಭೇಟಿಗಳು, ನಿಮ್ಮ ಫೋನ್‌ನಲ್ಲೇ',
    bookSuffix: ' ಬುಕ್ ಮಾಡಿ',
    time: 'ಸಮಯ',
    continue: 'ಮುಂದುವರಿಸಿ',
    personHeading: 'ಈ ಭೇಟಿ ಯಾರಿಗಾಗಿ?',
    fullName: 'ಪೂರ್ಣ ಹೆಸರು',
    age: 'ವಯಸ್ಸು (ವರ್ಷಗಳಲ್ಲಿ)',
    female: 'ಹೆಣ್ಣು',
    confirmHeading: 'ಪರಿಶೀಲಿಸಿ ಮತ್ತು ದೃಢೀಕರಿಸಿ',
    confirm: 'ಬುಕಿಂಗ್ ದೃಢೀಕರಿಸಿ',
    bookedHeading: 'ನಿಮ್ಮ ಭೇಟಿ ಬುಕ್ ಆಗಿದೆ',
    yourToken: 'ನಿಮ್ಮ ಟೋಕನ್',
    addToCalendar: 'ಕ್ಯಾಲೆಂಡರ್‌ಗೆ ಸೇರಿಸಿ',
    myVisits: 'ನನ್ನ ಭೇಟಿಗಳು',
    upcoming: 'ಮುಂಬರುವ',
  },
  {
    code: 'ta',
    name: 'தமிழ்',
    font: /noto-sans-tamil/,
    homeTitle: 'உங்கள் மருத்துவமனை வருகைகள், உங்கள் ஃபோனிலேயே',
    bookSuffix: ' பதிவு செய்',
    time: 'நேரம்',
    continue: 'தொடர்க',
    personHeading: 'இந்த வருகை யாருக்கு?',
    fullName: 'முழுப் பெயர்',
    age: 'வயது (ஆண்டுகளில்)',
    female: 'பெண்',
    confirmHeading: 'சரிபார்த்து உறுதிசெய்யவும்',
    confirm: 'பதிவை உறுதிசெய்',
    bookedHeading: 'உங்கள் வருகை பதிவு செய்யப்பட்டது',
    yourToken: 'உங்கள் டோக்கன்',
    addToCalendar: 'நாள்காட்டியில் சேர்',
    myVisits: 'என் வருகைகள்',
    upcoming: 'வரவிருப்பவை',
  },
];

const viewports = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'desktop', width: 1440, height: 900 },
];

async function readsWell(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
}

for (const [index, words] of languages.entries()) {
  for (const [place, viewport] of viewports.entries()) {
    test.describe(`${words.name} on a ${viewport.label}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`home, booking and token read in ${words.code}, with its own face only`, async ({ page, request }, testInfo) => {
        // Five pages, each checked by axe, and two sign-ins: longer than the suite's 30 s on a loaded machine.
        test.setTimeout(120_000);
        const fonts: string[] = [];
        page.on('request', (sent) => {
          if (sent.url().endsWith('.woff2')) fonts.push(sent.url());
        });
        const session = await patientSession(request, `+9193${String(Date.now()).slice(-6)}${index}${place}`);
        await keepPatientSession(page, session);

        // Home: English first, with no web font; the switch turns the page and loads the script's face.
        await page.goto('/p/');
        await expect(page.getByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
        await page.getByRole('button', { name: words.name }).click();
        await expect(page.getByRole('heading', { level: 1, name: words.homeTitle })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', words.code);
        await expect.poll(() => fonts.some((url) => words.font.test(url))).toBe(true);
        expect(fonts.filter((url) => !words.font.test(url))).toEqual([]);
        await readsWell(page);

        // Booking, in the language: a doctor of its own per test (past those other specs book), so parallel tests do not race for a slot.
        await page.goto('/p/sanjeevani-hospital');
        await expect(page.getByRole('heading', { level: 1, name: HOSPITAL })).toBeVisible();
        await readsWell(page);
        const book = page.getByRole('link', { name: new RegExp(`^Dr\\..*${words.bookSuffix}$`) }).nth(6 + index * viewports.length + place);
        const doctorName = (await book.getAttribute('aria-label'))!.replace(words.bookSuffix, '');
        await book.click();
        await page.getByRole('group', { name: words.time }).getByRole('button').first().click();
        await page.getByRole('button', { name: words.continue }).click();

        await expect(page.getByRole('heading', { name: words.personHeading })).toBeVisible();
        await page.getByLabel(words.fullName).fill(`Lakshmi ${uniqueSuffix()}`);
        await page.getByLabel(words.age).fill('64');
        await page.getByRole('radio', { name: words.female }).check();
        await readsWell(page);
        await page.getByRole('button', { name: words.continue }).click();

        await expect(page.getByRole('heading', { name: words.confirmHeading })).toBeVisible();
        await page.getByRole('button', { name: words.confirm }).click();

        // The token, as the desk will ask for it.
        await expect(page.getByRole('heading', { name: words.bookedHeading })).toBeVisible();
        await expect(page.getByText(words.yourToken)).toBeVisible();
        const token = (await page.getByRole('link', { name: words.addToCalendar }).getAttribute('download'))!.replace(/^caredesk-|\.ics$/g, '');
        await expect(page.getByRole('main')).toContainText(token);
        await readsWell(page);
        await testInfo.attach(`${words.code}-${viewport.width}px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

        await page.getByRole('banner').getByRole('link', { name: words.myVisits }).click();
        await expect(page.getByRole('list', { name: words.upcoming }).getByRole('article', { name: doctorName })).toContainText(token);
        await readsWell(page);

        // The choice was kept on the account: a sign-in elsewhere opens in it.
        const again = await patientSession(request, session.account.phone);
        expect(again.account.language).toBe(words.code);
      });
    });
  }
}
