import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chatThreadSchema,
  PATIENT_EVENTS_PATH,
  patientChatMessageSchema,
  patientChatSentSchema,
  patientChatThreadSchema,
  signedUrlSchema,
  UPLOAD_LIMITS,
  uploadSchema,
  type ErrorBody,
} from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import { postgresRateLimitStore } from '../../lib/rate-limit.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addPatient, apiAs, bearer, createOrganisation, signIn, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { filesUnder, sampleFiles, uploadForm } from '../../test/sample-files.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { ready } from '../events/test-support.js';
import { randomIp, signInPatient, type PatientApp } from '../patient-api/test-support.js';
import { patientUploadLimitKey } from '../uploads/test-support.js';

describe.each(drivers)('chats, the patient app’s attachments (%s)', (driver) => {
  let t: TestApp;
  let uploadDir: string;
  let org: OrganisationFixture;
  let desk: ApiClient;

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'caredesk-patient-uploads-'));
    t = await createTestApp(driver, { UPLOAD_DIR: uploadDir });
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin: desk } = await staffClients(t.app, org));
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  /** A patient registered at the desk and signed in to the app with that phone. */
  const registered = async (name = 'Meera Iyer') => {
    const phone = uniquePhone();
    const record = await addPatient(desk, { name, phone });
    return { record, app: await signInPatient(t, phone) };
  };
  const upload = (app: PatientApp, form: FormData, organisationId = org.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/patient/uploads?organisationId=${organisationId}`,
      headers: bearer(app.session.accessToken),
      payload: form,
      remoteAddress: randomIp(),
    });
  const uploaded = async (app: PatientApp, bytes: Buffer, filename: string) => {
    const response = await upload(app, uploadForm(bytes, filename));
    expect(response.statusCode, response.body).toBe(201);
    return uploadSchema.parse(response.json());
  };
  const open = (url: string) => t.app.inject({ url });

  it('takes a photo and a PDF from a patient, private and owned by the account, and sends them to the desk', async () => {
    const { record, app } = await registered('Meera Iyer');
    const photo = await uploaded(app, sampleFiles.jpeg, 'IMG_2041.jpeg');
    expect(photo).toMatchObject({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', visibility: 'private', size: sampleFiles.jpeg.length });
    expect(photo.url).toMatch(new RegExp(`^/api/uploads/private/${photo.id}\\?expires=\\d+&signature=`));
    const pdf = await uploaded(app, sampleFiles.pdf, 'old report.pdf');
    expect(pdf).toMatchObject({ name: 'old report.pdf', mimeType: 'application/pdf', visibility: 'private' });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, photo.id));
    expect(row).toMatchObject({ organisationId: org.id, uploadedBy: null, uploadedByPatientAccountId: app.session.account.id });

    // A new conversation with the photo alone, then the PDF with a word.
    const started = await app.post('/api/patient/chats', { organisationId: org.id, attachmentUploadId: photo.id });
    expect(started.statusCode, started.body).toBe(201);
    const first = patientChatSentSchema.parse(started.json());
    expect(first.message).toMatchObject({ sender: 'PATIENT', text: '', attachment: { uploadId: photo.id, name: 'IMG_2041.jpg', mimeType: 'image/jpeg' } });
    const second = await app.post(`/api/patient/chats/${first.conversationId}/messages`, { text: 'My last report', attachmentUploadId: pdf.id });
    expect(second.statusCode, second.body).toBe(201);
    expect(patientChatMessageSchema.parse(second.json()).attachment).toMatchObject({ uploadId: pdf.id, mimeType: 'application/pdf' });

    // The desk sees both as it sees its own attachments, and opens them through its signed links.
    const thread = chatThreadSchema.parse((await desk.get(`/api/chats/${record.id}`)).json());
    expect(thread.messages.map((message) => [message.sender, message.text, message.attachment?.uploadId])).toEqual([
      ['PATIENT', '', photo.id],
      ['PATIENT', 'My last report', pdf.id],
    ]);
    expect(thread.conversation?.lastMessage).toMatchObject({ text: 'My last report', hasAttachment: true });
    const link = signedUrlSchema.parse((await desk.get(`/api/uploads/${pdf.id}/signed-url`)).json());
    const file = await open(link.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(sampleFiles.pdf)).toBe(true);

    // The photo-only message still tells the desk's bell what came.
    const bell = (await desk.get('/api/notifications/all')).json<{ data: { message: string }[] }>();
    expect(bell.data.map((notification) => notification.message)).toContain('Meera Iyer: sent IMG_2041.jpg');

    // In the organisation's audit trail as the app's other writes are: the upload by its id.
    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.route === 'POST /api/patient/uploads');
    expect(entries.map((entry) => [entry.staffName, entry.action, entry.entity, entry.entityId])).toEqual([
      [`Patient app (${app.phone})`, 'create', 'uploads', photo.id],
      [`Patient app (${app.phone})`, 'create', 'uploads', pdf.id],
    ]);
  });

  it('refuses an .exe called report.pdf (415) and an image over 5 MB (413), naming the file field and storing nothing', async () => {
    const { app } = await registered();
    const before = filesUnder(join(uploadDir, org.id)).length;
    const exe = await upload(app, uploadForm(sampleFiles.exe, 'report.pdf', { type: 'application/pdf' }));
    expect(exe.statusCode).toBe(415);
    expect(exe.json<ErrorBody>()).toMatchObject({ message: 'Upload a JPEG, PNG or WebP image, or a PDF', issues: [{ path: 'file', message: expect.any(String) }] });
    const big = Buffer.alloc(UPLOAD_LIMITS.image.maxBytes + 1);
    sampleFiles.png.copy(big);
    const tooBig = await upload(app, uploadForm(big, 'scan.png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<ErrorBody>()).toMatchObject({ message: 'An image can be at most 5 MB', issues: [{ path: 'file', message: 'An image can be at most 5 MB' }] });
    // A patient's file is never public.
    const form = uploadForm(sampleFiles.png, 'photo.png', { visibility: 'public' });
    const publicAsked = await upload(app, form);
    expect(publicAsked.statusCode).toBe(400);
    expect(publicAsked.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'visibility' })]);
    expect(filesUnder(join(uploadDir, org.id))).toHaveLength(before);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.uploadedByPatientAccountId, app.session.account.id))).toEqual([]);
  });

  it('keeps uploads to organisations where the account is a patient, and rate-limits them as sends are', async () => {
    const { app } = await registered();
    const elsewhere = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const notThere = await upload(app, uploadForm(sampleFiles.png, 'photo.png'), elsewhere.id);
    expect(notThere.statusCode).toBe(404);
    const noId = await t.app.inject({ method: 'POST', url: '/api/patient/uploads', headers: bearer(app.session.accessToken), payload: uploadForm(sampleFiles.png, 'p.png') });
    expect(noId.statusCode).toBe(400);
    expect(noId.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'organisationId' })]);
    // Staff tokens are not patient tokens.
    const staffToken = (await signIn(t.app, org.admin.email)).access_token;
    const asStaff = await t.app.inject({
      method: 'POST',
      url: `/api/patient/uploads?organisationId=${org.id}`,
      headers: bearer(staffToken),
      payload: uploadForm(sampleFiles.png, 'p.png'),
    });
    expect(asStaff.statusCode).toBe(401);

    const store = postgresRateLimitStore(t.database.db);
    for (let i = 0; i < 30; i += 1) await store.hit(patientUploadLimitKey(app.session.account.id), 60_000);
    const limited = await upload(app, uploadForm(sampleFiles.png, 'photo.png'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets no one else attach an account’s upload: another account, or the staff’s own private files, are “not found”', async () => {
    const phone = uniquePhone();
    await addPatient(desk, { name: 'Ravi Menon', phone });
    const ravi = await signInPatient(t, phone);
    const mine = await uploaded(ravi, sampleFiles.png, 'rash.png');
    const other = await registered('Anil Shetty');
    for (const response of [
      await other.app.post('/api/patient/chats', { organisationId: org.id, attachmentUploadId: mine.id }),
      await other.app.post('/api/patient/chats', { organisationId: org.id, text: 'hi', attachmentUploadId: '00000000-0000-4000-8000-000000000000' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().issues).toEqual([{ path: 'attachmentUploadId', message: 'Upload not found' }]);
    }
    const staffUpload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: bearer((await signIn(t.app, org.admin.email)).access_token),
      payload: uploadForm(sampleFiles.pdf, 'letter.pdf'),
    });
    expect(staffUpload.statusCode).toBe(201);
    const staffFile = await other.app.post('/api/patient/chats', { organisationId: org.id, attachmentUploadId: staffUpload.json<{ id: string }>().id });
    expect(staffFile.json<ErrorBody>().issues).toEqual([{ path: 'attachmentUploadId', message: 'Upload not found' }]);
    // The owner can, of course.
    expect((await ravi.post('/api/patient/chats', { organisationId: org.id, attachmentUploadId: mine.id })).statusCode).toBe(201);
  });

  it('gives the patient a working short-lived link to the desk’s attachment, and tells the app live when the desk reads', async () => {
    const { record, app } = await registered('Lakshmi Nair');
    const { conversationId } = patientChatSentSchema.parse((await app.post('/api/patient/chats', { organisationId: org.id, text: 'Can you send the prescription?' })).json());
    const staffToken = (await signIn(t.app, org.admin.email)).access_token;
    const prescription = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: bearer(staffToken),
      payload: uploadForm(sampleFiles.pdf, 'prescription.pdf'),
    });
    const uploadId = prescription.json<{ id: string }>().id;
    const staff = apiAs(t.app, staffToken);
    expect((await staff.post(`/api/chats/${record.id}/messages`, { text: 'Here it is', attachmentUploadId: uploadId })).statusCode).toBe(201);

    const thread = patientChatThreadSchema.parse((await app.get(`/api/patient/chats/${conversationId}/messages`)).json());
    const shared = thread.messages.find((message) => message.sender === 'STAFF');
    expect(shared?.attachment).toMatchObject({ uploadId, name: 'prescription.pdf', mimeType: 'application/pdf' });
    const file = await open(shared!.attachment!.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(sampleFiles.pdf)).toBe(true);
    expect(thread.messages.find((message) => message.sender === 'PATIENT')?.readAt).toBeNull();

    // The desk opening the thread reads the patient's message: the app hears a content-free chat.message.
    const socket = await ready(t.app, app.session.accessToken, PATIENT_EVENTS_PATH);
    expect((await staff.post(`/api/chats/${record.id}/read`, {})).statusCode).toBe(200);
    const patientMessageId = thread.messages.find((message) => message.sender === 'PATIENT')!.id;
    expect(await socket.next((m) => m.type === 'chat.message')).toEqual({ type: 'chat.message', messageId: patientMessageId, conversationId, patientId: record.id });
    const after = patientChatThreadSchema.parse((await app.get(`/api/patient/chats/${conversationId}/messages`)).json());
    expect(after.messages.find((message) => message.sender === 'PATIENT')?.readAt).not.toBeNull();
    socket.socket.terminate();
  });
});
