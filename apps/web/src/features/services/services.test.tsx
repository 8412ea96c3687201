import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRequestConfig } from '@/lib/http';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeService, servicePage } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

/** Pasting is one input event: typing a long text into a big form is slow in jsdom. */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

const paramsOf = (config: HttpRequestConfig) => ({ ...(config.params as Record<string, unknown>) });

describe('the scans and tests list', () => {
  it('asks for scans and tests only, and narrows to one kind and its categories', async () => {
    const seen: Record<string, unknown>[] = [];
    withApi({
      'GET /services': (_, config) => {
        seen.push(paramsOf(config));
        return { data: servicePage([makeService({ name: 'CT Chest', kind: 'SCAN' }), makeService({ name: 'Lipid Profile', kind: 'TEST', category: 'Biochemistry' })]) };
      },
    });
    storeSession(makeUser('MULTIHOSPITAL', 'WORKER'));
    renderApp('/scan');
    expect(await screen.findByRole('heading', { name: 'Scans & Tests', level: 1 }, slow)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Scans & Tests' });
    expect(await within(grid).findByText('Lipid Profile')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ kind: 'SCAN,TEST' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tests' }));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ kind: 'TEST' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    expect(await screen.findByRole('option', { name: 'Haematology' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'MRI' })).not.toBeInTheDocument();
  });

  it("is titled 'Services' for a scan centre admin, with an add button to match", async () => {
    withApi({ 'GET /services': { data: servicePage([]) } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp('/scan');
    expect(await screen.findByRole('heading', { name: 'Services', level: 1 }, slow)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add your first service' })).toBeInTheDocument();
  });
});

describe('the scan form', () => {
  it('posts the kind, price in paise, capacity and schedule', async () => {
    const created = makeService({ kind: 'TEST', name: 'HbA1c' });
    const api = withApi({ 'POST /services': { status: 201, data: created }, [`GET /services/${created.id}`]: { data: created } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    const { router } = renderApp('/scan/new');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Kind' }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Test' }));
    await fill(screen.getByRole('textbox', { name: 'Name' }), 'HbA1c');
    await userEvent.type(screen.getByRole('combobox', { name: 'Category' }), 'Haem');
    // The autocomplete loads on the field's first focus (FormAutocomplete).
    await userEvent.click(await screen.findByRole('option', { name: 'Haematology' }, slow));
    await fill(screen.getByRole('spinbutton', { name: 'Price' }), '399');
    await fill(screen.getByRole('spinbutton', { name: 'Duration (minutes)' }), '10');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Capacity per slot' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Capacity per slot' }), '6');
    await fill(screen.getByRole('spinbutton', { name: 'Extra bookings a day beyond the slots' }), '2');
    await fill(screen.getByRole('textbox', { name: 'Preparation instructions' }), 'Fasting not needed.');
    const room = screen.getByRole('textbox', { name: 'Room' });
    expect(room).toHaveAccessibleDescription('Where patients go when called, e.g. MRI suite, ground floor');
    await fill(room, ' Sample collection, ground floor ');
    await userEvent.click(screen.getByRole('button', { name: 'Add window for Saturday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/scan/${created.id}`));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'TEST',
      name: 'HbA1c',
      category: 'Haematology',
      description: null,
      pricePaise: 39_900,
      durationMinutes: 10,
      preparation: 'Fasting not needed.',
      reportTurnaroundHours: null,
      imageUrl: null,
      availability: [{ weekday: 6, start: '09:00', end: '13:00' }],
      capacityPerSlot: 6,
      extraPerDay: 2,
      tokenPrefix: null,
      room: 'Sample collection, ground floor',
      sacCode: null,
      gstRateBp: 0,
      active: true,
      packageItemIds: [],
    });
  }, 40_000);

  it('keeps the kind fixed when editing and never sends it', async () => {
    const scan = makeService({ name: 'X-Ray Chest', kind: 'SCAN', category: 'X-Ray' });
    const api = withApi({
      [`GET /services/${scan.id}`]: { data: scan },
      [`PATCH /services/${scan.id}`]: (body) => ({ data: { ...scan, ...(body as object) } }),
    });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp(`/scan/${scan.id}/edit`);
    const kind = await screen.findByRole('combobox', { name: 'Kind' }, slow);
    expect(kind).toHaveAttribute('aria-disabled', 'true');
    await fill(screen.getByRole('textbox', { name: 'Name' }), ' PA view');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = api.calls.find((call) => call.method === 'PATCH')?.body;
    expect(body).toMatchObject({ name: 'X-Ray Chest PA view' });
    expect(body).not.toHaveProperty('kind');
  });

  it('shows the room, and clears it with null', async () => {
    const scan = makeService({ name: 'CT Chest', kind: 'SCAN', category: 'CT', room: 'CT room, ground floor' });
    const api = withApi({
      [`GET /services/${scan.id}`]: { data: scan },
      [`PATCH /services/${scan.id}`]: (body) => ({ data: { ...scan, ...(body as object) } }),
    });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp(`/scan/${scan.id}/edit`);
    const room = await screen.findByRole('textbox', { name: 'Room' }, slow);
    expect(room).toHaveValue('CT room, ground floor');
    await userEvent.clear(room);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ room: null });
  });

  it('shows preparation instructions prominently on the scan page', async () => {
    const scan = makeService({ name: 'USG Abdomen', preparation: 'Fast for 6 hours.\nFull bladder.', room: 'Ultrasound room 2, 1st floor' });
    withApi({ [`GET /services/${scan.id}`]: { data: scan } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp(`/scan/${scan.id}`);
    expect(await screen.findByRole('heading', { name: 'USG Abdomen', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('PreparationFast for 6 hours.');
    expect(screen.getByText('₹6,500.00')).toBeInTheDocument();
    expect(screen.getByText('Room')).toBeInTheDocument();
    expect(screen.getByText('Ultrasound room 2, 1st floor')).toBeInTheDocument();
  });
});

describe('the image picker', () => {
  it('refuses an image over 5 MB before uploading it', async () => {
    const api = withApi({});
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp('/scan/new');
    const picker = await screen.findByLabelText('Upload image', {}, slow);
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'scan.png', { type: 'image/png' });
    await userEvent.upload(picker, big);
    expect(await screen.findByText('This image is 6.0 MB; the limit is 5 MB.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/admin/upload')).toBe(false);
  });

  it("uploads a small image, previews it, and shows the server's refusal of another", async () => {
    let reply = {
      status: 201,
      data: {
        id: '50000000-0000-4000-8000-000000000001',
        url: '/uploads/x.png',
        name: 'x.png',
        mimeType: 'image/png',
        size: 10,
        visibility: 'public',
        createdAt: '2026-01-05T10:00:00.000Z',
      } as unknown,
    };
    withApi({ 'POST /admin/upload': () => reply as { status: number; data: unknown } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp('/scan/new');
    const picker = await screen.findByLabelText('Upload image', {}, slow);
    await userEvent.upload(picker, new File(['png'], 'x.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Current image' })).toHaveAttribute('src', '/uploads/x.png');
    reply = { status: 415, data: { statusCode: 415, error: 'Unsupported Media Type', message: 'Only JPEG, PNG or WebP images' } };
    await userEvent.upload(screen.getByLabelText('Upload image'), new File(['gif'], 'y.png', { type: 'image/png' }));
    expect(await screen.findByText('Only JPEG, PNG or WebP images')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Current image' })).not.toBeInTheDocument();
  });
});

describe('the other services form', () => {
  it('sends only what an other service has', async () => {
    const created = makeService({ kind: 'OTHER', name: 'Home nursing', category: 'Nursing' });
    const api = withApi({ 'POST /services': { status: 201, data: created }, [`GET /services/${created.id}`]: { data: created } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/service/new');
    await fill(await screen.findByRole('textbox', { name: 'Name' }, slow), 'Home nursing');
    await fill(screen.getByRole('spinbutton', { name: 'Price' }), '1200');
    expect(screen.queryByRole('combobox', { name: 'Kind' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Monday window 1 start')).not.toBeInTheDocument();
    // Nothing is queued for an other service: no room to send anyone to.
    expect(screen.queryByRole('textbox', { name: 'Room' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service/${created.id}`));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'OTHER',
      name: 'Home nursing',
      category: null,
      description: null,
      imageUrl: null,
      active: true,
      sacCode: null,
      gstRateBp: 0,
      pricePaise: 120_000,
    });
  });

  it('taxes a service with its SAC code and a GST rate from the five, and puts a refused code under its field', async () => {
    const service = makeService({ kind: 'OTHER', name: 'Ambulance', category: null });
    let answer: FakeRoute = {
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'sacCode: A SAC/HSN code is 4 to 8 digits',
        issues: [{ path: 'sacCode', message: 'A SAC/HSN code is 4 to 8 digits' }],
      },
    };
    const api = withApi({
      [`GET /services/${service.id}`]: { data: service },
      [`PATCH /services/${service.id}`]: (body, config) => (typeof answer === 'function' ? answer(body, config) : answer),
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/service/${service.id}/edit`);
    const tax = await screen.findByRole('region', { name: 'Tax' }, slow);
    const sac = within(tax).getByRole('textbox', { name: 'SAC/HSN code' });
    const rate = within(tax).getByRole('combobox', { name: 'GST rate' });
    expect(rate).toHaveTextContent('Exempt (0 %)');
    await userEvent.click(rate);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Exempt (0 %)', '5 %', '12 %', '18 %', '28 %']);
    await userEvent.click(screen.getByRole('option', { name: '18 %' }));
    await fill(sac, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A SAC/HSN code is 4 to 8 digits')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    // The server's own refusal lands under the field too (its check is the same schema's).
    await fill(sac, '34');
    answer = (body) => ({ data: { ...service, ...(body as object) } });
    const first = {
      status: 400,
      data: { statusCode: 400, error: 'Bad Request', message: 'sacCode: Use another code', issues: [{ path: 'sacCode', message: 'Use another code' }] },
    };
    const later = answer;
    answer = () => {
      answer = later;
      return first;
    };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sac).toHaveAccessibleDescription('Use another code'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service/${service.id}`));
    expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toMatchObject({ sacCode: '1234', gstRateBp: 1800 });
    expect(await screen.findByText('18 %')).toBeInTheDocument();
  });
});
