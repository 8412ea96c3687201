import type { PatientChatMessage, PatientConversation } from '@caredesk/shared';

export const conversationId = '5f0c7a2e-1b7e-4c1a-9a53-00000000c001';
export const organisationId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export function conversation(overrides: Partial<PatientConversation> = {}): PatientConversation {
  return {
    id: conversationId,
    patientId: '0b8e1f64-3c1a-4a43-9b0e-0000000000p1',
    patientName: 'Asha Verma',
    organisation: { id: organisationId, name: 'Sanjeevani Multispeciality Hospital', logoUrl: null },
    lastMessage: { text: 'Your report is ready.', sender: 'STAFF', createdAt: '2026-03-02T05:00:00.000Z', hasAttachment: false },
    lastActivityAt: '2026-03-02T05:00:00.000Z',
    unreadCount: 0,
    ...overrides,
  };
}

let counter = 0;

export function message(overrides: Partial<PatientChatMessage> = {}): PatientChatMessage {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return {
    id: `5f0c7a2e-1b7e-4c1a-9a53-00000000${n}`,
    conversationId,
    sender: 'STAFF',
    staffId: '5f0c7a2e-1b7e-4c1a-9a53-0000000000s1',
    senderName: 'Reception',
    text: `Message ${n}`,
    attachment: null,
    clientId: null,
    createdAt: `2026-03-02T05:${String(counter % 60).padStart(2, '0')}:00.000Z`,
    readAt: null,
    ...overrides,
  };
}
