import type { MenuIcon as MenuIconName } from '@caredesk/shared';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** The icon of each navigation-table entry (packages/shared names them, the console draws them). */
export const menuIcons: Record<MenuIconName, ComponentType<SvgIconProps>> = {
  dashboard: DashboardOutlined,
  doctor: MedicalServicesOutlined,
  appointment: EventNoteOutlined,
  scan: BiotechOutlined,
  service: VolunteerActivismOutlined,
  booking: BookOnlineOutlined,
  patient: PeopleAltOutlined,
  chat: ChatOutlined,
  settings: SettingsOutlined,
};

export function MenuIcon({ name, ...props }: { name: MenuIconName } & SvgIconProps) {
  const Icon = menuIcons[name];
  return <Icon {...props} />;
}
