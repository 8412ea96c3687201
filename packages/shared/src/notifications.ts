import { z } from 'zod';

export const notificationTypes = ['appointment-created', 'booking-created', 'message-received'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime(),
  details: z
    .object({
      img: z.string().optional(),
      appointmentId: z.uuid().optional(),
      bookingId: z.uuid().optional(),
      patientId: z.uuid().optional(),
    })
    .default({}),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  before: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
