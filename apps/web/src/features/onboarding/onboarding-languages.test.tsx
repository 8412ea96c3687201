import { STORAGE_KEYS } from '@caredesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { renderApp, slow } from '@/test/render-app';
import { onboardingApi, TEMP_TOKEN } from './onboarding-test-helpers';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test ends back in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

// A language's catalogue loads on demand: more than the default 20 s on a busy machine.
describe('onboarding in the console language', { timeout: 60_000 }, () => {
  it('asks for the phone in Kannada, and says what is wrong with it in Kannada', async () => {
    await activateLanguage('kn');
    const api = onboardingApi();
    restore = api.restore;
    renderApp('/new');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'ನಿಮ್ಮ ಸಂಸ್ಥೆಯನ್ನು ರಚಿಸಿ', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByText('ಕೋಡ್ ಪರಿಶೀಲನೆ')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆ' }), '12345');
    await user.click(screen.getByRole('button', { name: 'ಕೋಡ್ ಕಳುಹಿಸಿ' }));
    expect(await screen.findByText('10 ಅಂಕಿಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ನಮೂದಿಸಿ')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/sms/user')).toBe(false);
  });

  it('names the organisation and admin fields in Tamil, with the passwords checked in Tamil', async () => {
    await activateLanguage('ta');
    // A stored temporary token resumes at the last step.
    localStorage.setItem(STORAGE_KEYS.tempAccessToken, TEMP_TOKEN);
    const api = onboardingApi();
    restore = api.restore;
    renderApp('/new');
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'நிறுவனத்தின் பெயர்' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'நிறுவன வகை' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^மருத்துவமனை அல்லது கிளினிக்/ })).toBeChecked();
    expect(screen.getByLabelText('கடவுச்சொல்')).toBeInTheDocument();
    await user.type(screen.getByLabelText('கடவுச்சொல்'), 'secret123');
    await user.type(screen.getByLabelText('கடவுச்சொல்லை உறுதிப்படுத்து'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'நிறுவனத்தை உருவாக்கு' }));
    await waitFor(() => expect(screen.getByText('கடவுச்சொற்கள் பொருந்தவில்லை')).toBeInTheDocument());
  });
});
